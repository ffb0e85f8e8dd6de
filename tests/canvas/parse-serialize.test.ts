import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JsonObject, JsonValue } from '../../src/core/canvas/canvas-document';
import { parseCanvasText } from '../../src/core/canvas/parse-canvas';
import { serializeCanvas } from '../../src/core/canvas/serialize-canvas';
import { DATA } from '../helpers/corpora';
import { HAND_MADE, LAYOUTS, MINIFIED, OBSIDIAN, STRINGIFIED_CRLF, STRINGIFIED_TABS, parsed } from './canvas-fixtures';

/** Every `.canvas` file below `folder`, recursively (none when the folder is absent). */
function findCanvases(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return findCanvases(path);
    return entry.isFile() && entry.name.endsWith('.canvas') ? [path] : [];
  });
}

const REAL_CANVASES = [DATA, resolve(__dirname, '../../demo-vault')].flatMap(findCanvases);

/** Obsidian's layout, written out independently of the serializer under test. */
function obsidianText(document: { nodes: unknown[]; edges: unknown[] }): string {
  const list = (items: unknown[]) => (items.length === 0 ? '[]' : `[\n${items.map((item) => `\t\t${JSON.stringify(item)}`).join(',\n')}\n\t]`);
  return `{\n\t"nodes":${list(document.nodes)},\n\t"edges":${list(document.edges)}\n}`;
}

/** A deep copy with one change applied to it. */
function changed(text: string, change: (document: { nodes: JsonObject[]; edges: JsonObject[] }) => void): JsonObject {
  const document = JSON.parse(text.replace(/^\uFEFF/, '')) as { nodes: JsonObject[]; edges: JsonObject[] };
  change(document);
  return document;
}

const moveFirstFile = (document: { nodes: JsonObject[] }) => {
  const node = document.nodes.find((item) => item.type === 'file' || item.id === 'n1');
  if (node !== undefined) node.x = 1234;
};

describe('parseCanvasText and serializeCanvas: byte-stable round trips', () => {
  it('finds the real canvases of data/ and the demo vault', () => {
    expect(REAL_CANVASES.length).toBeGreaterThanOrEqual(1);
  });

  it.each(REAL_CANVASES)('writes the real canvas %s back byte for byte, also from a rebuilt copy of its document', (path) => {
    const text = readFileSync(path, 'utf8');
    const source = parsed(text);
    expect(serializeCanvas(source.root, source)).toBe(text);
    expect(serializeCanvas(JSON.parse(JSON.stringify(source.root)) as JsonObject, source)).toBe(text);
    expect(statSync(path).size).toBe(Buffer.byteLength(text));
  });

  it.each(Object.entries(LAYOUTS))('writes an unchanged %s canvas back byte for byte', (_name, text) => {
    const source = parsed(text);
    expect(serializeCanvas(JSON.parse(JSON.stringify(source.root)) as JsonObject, source)).toBe(text);
  });

  // Obsidian creates a new canvas as an empty file and opens it as an empty canvas.
  it('reads an empty file as an empty canvas and leaves it empty when nothing changes', () => {
    const source = parsed('');
    expect(source.root).toEqual({});
    expect(serializeCanvas({ nodes: [], edges: [] }, source)).toBe('');
    expect(serializeCanvas({ nodes: [{ id: 'a', type: 'text', text: 'x', x: 0, y: 0, width: 1, height: 1 }], edges: [] }, source)).toBe('{\n\t"nodes":[\n\t\t{"id":"a","type":"text","text":"x","x":0,"y":0,"width":1,"height":1}\n\t],\n\t"edges":[]\n}');
  });

  it('counts missing nodes and edges as empty: {} stays {} when nothing is added', () => {
    expect(serializeCanvas({ nodes: [], edges: [] }, parsed('{}'))).toBe('{}');
    expect(serializeCanvas({}, parsed('{"nodes":[]}\n'))).toBe('{"nodes":[]}\n');
  });

  it('keeps a byte order mark and a trailing newline', () => {
    const text = `\uFEFF${OBSIDIAN}\n`;
    const source = parsed(text);
    expect(serializeCanvas(source.root, source)).toBe(text);
    expect(serializeCanvas(changed(text, moveFirstFile), source)).toBe(`\uFEFF${obsidianText(changed(OBSIDIAN, moveFirstFile) as never)}\n`);
  });

  it('refuses text that is not JSON, and JSON that is not an object', () => {
    expect(parseCanvasText('{"nodes":[')).toMatchObject({ ok: false, error: { code: 'invalid_json', kind: 'canvas' } });
    expect(parseCanvasText('[]')).toMatchObject({ ok: false, error: { code: 'not_an_object' } });
    expect(parseCanvasText('null')).toMatchObject({ ok: false, error: { code: 'not_an_object' } });
  });
});

describe('serializeCanvas: a changed canvas is written in its own layout', () => {
  it('writes a new canvas in Obsidian\'s layout', () => {
    const document = JSON.parse(OBSIDIAN) as { nodes: unknown[]; edges: unknown[] };
    expect(serializeCanvas(document as unknown as JsonObject, null)).toBe(OBSIDIAN);
    expect(obsidianText(document)).toBe(OBSIDIAN);
  });

  const cases: [string, string, (document: JsonObject) => string][] = [
    ['OBSIDIAN', OBSIDIAN, (document) => obsidianText(document as never)],
    ['STRINGIFIED_TABS', STRINGIFIED_TABS, (document) => `${JSON.stringify(document, null, '\t')}\n`],
    ['STRINGIFIED_CRLF', STRINGIFIED_CRLF, (document) => JSON.stringify(document, null, 2).replace(/\n/g, '\r\n')],
    ['MINIFIED', MINIFIED, (document) => JSON.stringify(document)],
  ];

  it.each(cases)('%s: moving a node, adding one, removing all edges each give exactly that layout', (_name, text, layout) => {
    const source = parsed(text);
    const edits: ((document: { nodes: JsonObject[]; edges: JsonObject[] }) => void)[] = [
      moveFirstFile,
      (document) => void document.nodes.push({ id: 'new', type: 'text', text: 'Fresh "quoted" ✓', x: 1, y: 2, width: 250, height: 60 }),
      (document) => void document.edges.splice(0),
      (document) => void document.nodes.splice(1, 1),
    ];
    for (const edit of edits) {
      const next = changed(text, edit);
      expect(serializeCanvas(next, source)).toBe(layout(next));
    }
  });

  it('changes only the edited line of an Obsidian canvas', () => {
    const output = serializeCanvas(changed(OBSIDIAN, moveFirstFile), parsed(OBSIDIAN));
    const before = OBSIDIAN.split('\n');
    const after = output.split('\n');
    expect(after).toHaveLength(before.length);
    const fileLine = before.findIndex((line) => line.includes('"type":"file"'));
    expect(after.filter((line, index) => line !== before[index])).toEqual([before[fileLine]?.replace('"x":0', '"x":1234')]);
  });

  it('keeps the bytes of untouched nodes and values of a hand-made canvas, and writes edited ones in its spacing', () => {
    const next = changed(HAND_MADE, moveFirstFile);
    const output = serializeCanvas(next, parsed(HAND_MADE));
    expect(JSON.parse(output)).toEqual(next);
    // n2 is untouched: 250.0 and 6e1 stay as written; so do the inline edges array and metadata.
    expect(output).toContain('{"id": "n2", "type": "text", "text": "Two", "x": 300, "y": 0.5, "width": 250.0, "height": 6e1}');
    expect(output).toContain('"edges": [ {"id": "e1", "fromNode": "n1", "toNode": "n2"} ],');
    expect(output).toContain('"metadata": {"version": "1.0-1.0", "frontmatter": {}}\n}\n');
    expect(output).toContain('    {"id": "n1", "type": "text", "text": "One", "x": 1234, "y": 0, "width": 250, "height": 60, "plugin-data": {"pinned": true}},\n');
  });

  // The review found `"metadata": {\n\t\t"version": …` (JSON.stringify spacing) written into Obsidian's compact layout.
  it('writes a changed extra top-level value in the file\'s element style', () => {
    const withMetadata = (text: string, metadata: JsonValue) => changed(text, (document) => void ((document as JsonObject).metadata = metadata));
    const metadata: JsonValue = { version: '1.0-1.0', frontmatter: { tags: ['a', 'b'] }, empty: {}, none: [] };
    expect(serializeCanvas(withMetadata(OBSIDIAN, metadata), parsed(OBSIDIAN))).toBe(`${OBSIDIAN.slice(0, -2)},\n\t"metadata":{"version":"1.0-1.0","frontmatter":{"tags":["a","b"]},"empty":{},"none":[]}\n}`);
    const handMade = serializeCanvas(withMetadata(HAND_MADE, metadata), parsed(HAND_MADE));
    expect(handMade).toContain('\n  "metadata": {"version": "1.0-1.0", "frontmatter": {"tags": ["a", "b"]}, "empty": {}, "none": []}\n}\n');
    const next = withMetadata(STRINGIFIED_TABS, metadata);
    expect(serializeCanvas(next, parsed(STRINGIFIED_TABS))).toBe(`${JSON.stringify(next, null, '\t')}\n`);
    expect(serializeCanvas(withMetadata(MINIFIED, metadata), parsed(MINIFIED))).toBe(JSON.stringify(withMetadata(MINIFIED, metadata)));
    // Without a node or an edge to show the style, the other top-level objects show it.
    const bare = `${JSON.stringify({ nodes: [], edges: [], metadata: { version: '1' } }, null, 2)}\n`;
    const bareNext = withMetadata(bare, metadata);
    expect(serializeCanvas(bareNext, parsed(bare))).toBe(`${JSON.stringify(bareNext, null, 2)}\n`);
  });

  it('writes a changed node of a file with one member per line in that file\'s spacing', () => {
    const text = '{\n  "nodes":[\n    {\n      "id":"a",\n      "type":"text",\n      "text":"A",\n      "x":0,\n      "y":0,\n      "width":1,\n      "height":1\n    }\n  ],\n  "edges":[]\n}';
    const next = changed(text, (document) => void document.nodes.push({ id: 'b', type: 'text', text: 'B', x: 0, y: 0, width: 1, height: 1, tags: ['x'], meta: {} }));
    expect(serializeCanvas(next, parsed(text))).toBe(JSON.stringify(next, null, 2).replace(/": /g, '":'));
  });

  it('writes an array that was empty like the other one, and an array emptied as []', () => {
    const text = '{\n\t"nodes":[\n\t\t{"id":"a","type":"text","text":"A","x":0,"y":0,"width":1,"height":1}\n\t],\n\t"edges":[]\n}';
    const next = changed(text, (document) => {
      document.nodes.push({ id: 'b', type: 'text', text: 'B', x: 0, y: 0, width: 1, height: 1 });
      document.edges.push({ id: 'e', fromNode: 'a', toNode: 'b' });
    });
    expect(serializeCanvas(next, parsed(text))).toBe(obsidianText(next as never));
  });

  it('keeps the file\'s order of top-level keys (schema validation reorders them), but treats a node\'s new key order as a change', () => {
    const document = JSON.parse(OBSIDIAN) as JsonObject;
    expect(serializeCanvas({ edges: document.edges, nodes: document.nodes } as JsonObject, parsed(OBSIDIAN))).toBe(OBSIDIAN);
    const edgesFirst = '{"meta":{"a":1},"edges":[],"nodes":[]}';
    expect(serializeCanvas({ nodes: [], edges: [], meta: { a: 1 } }, parsed(edgesFirst))).toBe(edgesFirst);
    expect(serializeCanvas({ nodes: [], edges: [], meta: { a: 2 } }, parsed(edgesFirst))).toBe('{"meta":{"a":2},"edges":[],"nodes":[]}');
    const nodes = document.nodes as JsonObject[];
    const first: JsonObject = Object.fromEntries(Object.entries(nodes[0] ?? {}).reverse());
    const output = serializeCanvas({ ...document, nodes: [first, ...nodes.slice(1)] }, parsed(OBSIDIAN));
    expect(output.split('\n')[2]).toBe(`\t\t${JSON.stringify(first)},`);
  });
});
