import { rewriteCanvasForMove } from '../../src/core/links/rewrite-canvas-for-move';
import { moveContextFor } from './move-harness';

const PATHS = ['Board.canvas', 'Notes/a.md', 'Notes/b.md', 'B.md', 'img.png', 'Other.md'];

/** Rewrites a canvas at `canvasPath` (after the move) in the vault above. */
function rewrite(json: string, moves: Record<string, string>, canvasPath = 'Board.canvas'): { text: string; changed: number } {
  return rewriteCanvasForMove(json, canvasPath, moveContextFor({ paths: PATHS, moves }));
}

const CANVAS = `{
\t"nodes":[
\t\t{"id":"1","type":"file","file":"Notes/a.md","x":0,"y":0,"width":400,"height":400},
\t\t{"id":"2","type":"text","text":"Notes/a.md is mentioned here","x":500,"y":0,"width":250,"height":60},
\t\t{"id":"3","type":"file","file":"Notes/b.md","subpath":"#Heading","x":0,"y":500,"width":400,"height":400},
\t\t{"id":"4","type":"link","url":"https://example.com","x":0,"y":900,"width":400,"height":400},
\t\t{"id":"5", "type" : "file" , "file" : "img.png"}
\t],
\t"edges":[{"id":"e","fromNode":"1","toNode":"3"}]
}`;

describe('rewriteCanvasForMove: file nodes', () => {
  it('rewrites only the file values of file nodes and keeps every other byte', () => {
    const result = rewrite(CANVAS, { 'Notes/a.md': 'Archive/a b.md', 'img.png': 'Assets/img.png' });
    expect(result.changed).toBe(2);
    const expected = CANVAS.replace('"file":"Notes/a.md"', '"file":"Archive/a b.md"').replace('"file" : "img.png"', '"file" : "Assets/img.png"');
    expect(result.text).toBe(expected);
  });

  it('keeps the subpath of a file node, which JSON Canvas stores apart from the path', () => {
    const result = rewrite(CANVAS, { 'Notes/b.md': 'Notes/c.md' });
    expect(result.text).toBe(CANVAS.replace('"file":"Notes/b.md","subpath":"#Heading"', '"file":"Notes/c.md","subpath":"#Heading"'));
    expect(result.changed).toBe(1);
  });

  it('reads escaped paths and writes the new one as valid JSON', () => {
    const json = '{"nodes":[{"id":"1","type":"file","file":"Quo\\"te\\u00e9.md"}]}';
    const result = rewriteCanvasForMove(json, 'Board.canvas', moveContextFor({ paths: ['Quo"teé.md'], moves: { 'Quo"teé.md': 'New/"x".md' } }));
    expect(JSON.parse(result.text)).toEqual({ nodes: [{ id: '1', type: 'file', file: 'New/"x".md' }] });
  });

  it('returns invalid JSON unchanged', () => {
    const broken = '{"nodes":[{"type":"file","file":"Notes/a.md"}';
    expect(rewrite(broken, { 'Notes/a.md': 'x.md' })).toEqual({ text: broken, changed: 0 });
  });

  it('changes nothing when no file node moved', () => {
    expect(rewrite(CANVAS, { 'Other.md': 'x.md' })).toEqual({ text: CANVAS, changed: 0 });
    expect(rewrite('[]', { 'Notes/a.md': 'b.md' })).toEqual({ text: '[]', changed: 0 });
  });
});

describe('rewriteCanvasForMove: what the canvas link index counts is what a move rewrites', () => {
  // Obsidian and the canvas index compare file node paths in NFC; a canvas written on macOS may hold NFD.
  it('rewrites a file node whose path is written in another Unicode normalisation form', () => {
    const json = '{"nodes":[{"id":"1","type":"file","file":"Cafe\u0301.md"},{"id":"2","type":"group","background":"Cafe\u0301.png"}]}';
    const context = moveContextFor({ paths: ['Café.md', 'Café.png'], moves: { 'Café.md': 'Archive/Café.md', 'Café.png': 'Assets/Café.png' } });
    const result = rewriteCanvasForMove(json, 'Board.canvas', context);
    expect(JSON.parse(result.text)).toEqual({ nodes: [{ id: '1', type: 'file', file: 'Archive/Café.md' }, { id: '2', type: 'group', background: 'Assets/Café.png' }] });
    expect(result.changed).toBe(2);
  });

  // JSON.parse, and so Obsidian and the canvas index, keep the last of two members with the same key.
  it('rewrites the member JSON.parse keeps when a key repeats', () => {
    const json = '{"nodes":[{"id":"1","type":"text","type":"file","file":"Other.md","file":"B.md"}],"nodes":[{"id":"2","type":"file","file":"B.md"}]}';
    const result = rewrite(json, { 'B.md': 'Sub/B.md' });
    expect(result.text).toBe(json.replace('"nodes":[{"id":"2","type":"file","file":"B.md"}]', '"nodes":[{"id":"2","type":"file","file":"Sub/B.md"}]'));
    const single = '{"nodes":[{"id":"1","type":"text","type":"file","file":"Other.md","file":"B.md"}]}';
    expect(JSON.parse(rewrite(single, { 'B.md': 'Sub/B.md' }).text)).toEqual({ nodes: [{ id: '1', type: 'file', file: 'Sub/B.md' }] });
  });

  // canvas.d.ts: a group's `background` "stores the path to the image file in the vault".
  it('rewrites the background image path of a group node, keeping every other byte', () => {
    const json = '{"nodes":[\n\t{"id":"g","type":"group","label":"img.png","background":"img.png","backgroundStyle":"ratio"},\n\t{"id":"h","type":"text","background":"img.png","text":"x"}\n]}';
    const result = rewrite(json, { 'img.png': 'Assets/img.png' });
    expect(result).toEqual({ text: json.replace('"background":"img.png","backgroundStyle"', '"background":"Assets/img.png","backgroundStyle"'), changed: 1 });
  });
});

describe('rewriteCanvasForMove: text nodes', () => {
  const TEXT_CANVAS = `{"nodes":[
  {"id":"t","type":"text","text":"see [[B]] and [b](B.md) and [[Notes/a#H|alias]]\\n\\n![[img.png]]","x":0,"y":0,"width":1,"height":1},
  {"id":"f","type":"file","file":"B.md","x":0,"y":0,"width":1,"height":1}
],"edges":[]}`;

  it('rewrites the links in a text node as in a note, and only that string literal', () => {
    const result = rewrite(TEXT_CANVAS, { 'B.md': 'Sub/C.md', 'Notes/a.md': 'Notes/z.md' });
    const expectedText = 'see [[C]] and [b](C.md) and [[z#H|alias]]\\n\\n![[img.png]]';
    expect(result.text).toBe(TEXT_CANVAS.replace('see [[B]] and [b](B.md) and [[Notes/a#H|alias]]\\n\\n![[img.png]]', expectedText).replace('"file":"B.md"', '"file":"Sub/C.md"'));
    // Three links in the text node, one file node.
    expect(result.changed).toBe(4);
  });

  it('re-encodes the rewritten markdown as a JSON string, escapes included', () => {
    const json = '{"nodes":[{"id":"t","type":"text","text":"\\"quoted\\" [[B]]\\ttab \\u00e9"}]}';
    const result = rewrite(json, { 'B.md': 'Sub/Bob "q".md' });
    expect(JSON.parse(result.text)).toEqual({ nodes: [{ id: 't', type: 'text', text: '"quoted" [[Bob "q"]]\ttab é' }] });
  });

  it('leaves a text node whose links still resolve, or that has none, byte for byte', () => {
    const json = '{"nodes":[{"id":"t","type":"text","text":"[[B]] \\u00e9"},{"id":"u","type":"text","text":"no links, B.md"}]}';
    expect(rewrite(json, { 'B.md': 'Sub/B.md' })).toEqual({ text: json, changed: 0 });
  });

  it('resolves relative links from the canvas path after the canvas itself moved', () => {
    const json = '{"nodes":[{"id":"t","type":"text","text":"[t](./B.md) [t](Notes/a.md)"}]}';
    const result = rewrite(json, { 'Board.canvas': 'Boards/Board.canvas' }, 'Boards/Board.canvas');
    expect(JSON.parse(result.text)).toEqual({ nodes: [{ id: 't', type: 'text', text: '[t](../B.md) [t](Notes/a.md)' }] });
    expect(result.changed).toBe(1);
  });

  it('ignores a `text` member on nodes that are not text nodes', () => {
    const json = '{"nodes":[{"id":"g","type":"group","label":"[[B]]","text":"[[B]]"}]}';
    expect(rewrite(json, { 'B.md': 'Sub/C.md' })).toEqual({ text: json, changed: 0 });
  });
});
