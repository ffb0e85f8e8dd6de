import { rewriteCanvasForMove } from '../../src/core/links/rewrite-canvas-for-move';

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

describe('rewriteCanvasForMove', () => {
  it('rewrites only the file values of file nodes and keeps every other byte', () => {
    const moves = new Map([['Notes/a.md', 'Archive/a b.md'], ['img.png', 'Assets/img.png']]);
    const result = rewriteCanvasForMove(CANVAS, moves);
    expect(result.changed).toBe(2);
    const expected = CANVAS.replace('"file":"Notes/a.md"', '"file":"Archive/a b.md"').replace('"file" : "img.png"', '"file" : "Assets/img.png"');
    expect(result.text).toBe(expected);
  });

  it('keeps the subpath of a file node, which JSON Canvas stores apart from the path', () => {
    const result = rewriteCanvasForMove(CANVAS, new Map([['Notes/b.md', 'Notes/c.md']]));
    expect(result.text).toContain('"file":"Notes/c.md","subpath":"#Heading"');
    expect(result.changed).toBe(1);
  });

  it('reads escaped paths and writes the new one as valid JSON', () => {
    const json = '{"nodes":[{"id":"1","type":"file","file":"Quo\\"te\\u00e9.md"}]}';
    const result = rewriteCanvasForMove(json, new Map([['Quo"teé.md', 'New/"x".md']]));
    expect(JSON.parse(result.text)).toEqual({ nodes: [{ id: '1', type: 'file', file: 'New/"x".md' }] });
  });

  it('returns invalid JSON unchanged', () => {
    const broken = '{"nodes":[{"type":"file","file":"Notes/a.md"}';
    expect(rewriteCanvasForMove(broken, new Map([['Notes/a.md', 'x.md']]))).toEqual({ text: broken, changed: 0 });
  });

  it('changes nothing when no file node moved', () => {
    expect(rewriteCanvasForMove(CANVAS, new Map([['Other.md', 'x.md']]))).toEqual({ text: CANVAS, changed: 0 });
    expect(rewriteCanvasForMove('[]', new Map([['a.md', 'b.md']]))).toEqual({ text: '[]', changed: 0 });
  });
});
