import { parseCanvasText, type ParsedCanvas } from '../../src/core/canvas/parse-canvas';
import { createCanvasIdGenerator, type CanvasIdGenerator } from '../../src/core/canvas/canvas-id';

/**
 * Canvas texts in the layouts found in the wild. OBSIDIAN is the layout Obsidian itself writes
 * (tabs, `"nodes":[`, one compact node per line, no trailing newline); the others are what
 * `JSON.stringify(data, null, indent)`, other tools and hand edits produce.
 */
export const OBSIDIAN = [
  '{',
  '\t"nodes":[',
  '\t\t{"id":"5f0a1c2b3d4e5f60","type":"group","x":-60,"y":-60,"width":980,"height":560,"label":"Garden"},',
  '\t\t{"id":"1a2b3c4d5e6f7081","type":"file","file":"Notes/Beds.md","x":0,"y":0,"width":400,"height":400,"color":"4"},',
  '\t\t{"id":"2b3c4d5e6f708192","type":"file","file":"Notes/Seeds.md","subpath":"#Spring","x":460,"y":0,"width":400,"height":400},',
  '\t\t{"id":"3c4d5e6f708192a3","type":"text","text":"Order [[Seeds]] before **March**.\\nSee also ![[sketch.png]]","x":0,"y":440,"width":250,"height":60},',
  '\t\t{"id":"4d5e6f708192a3b4","type":"link","url":"https://example.org/soil","x":460,"y":440,"width":400,"height":400}',
  '\t],',
  '\t"edges":[',
  '\t\t{"id":"6e7f8091a2b3c4d5","fromNode":"1a2b3c4d5e6f7081","fromSide":"right","toNode":"2b3c4d5e6f708192","toSide":"left"},',
  '\t\t{"id":"7f8091a2b3c4d5e6","fromNode":"3c4d5e6f708192a3","fromSide":"top","toNode":"1a2b3c4d5e6f7081","toSide":"bottom","toEnd":"none","label":"why"}',
  '\t]',
  '}',
].join('\n');

/** The same document as `JSON.stringify(data, null, '\t')` writes it, with a trailing newline. */
export const STRINGIFIED_TABS = `${JSON.stringify(JSON.parse(OBSIDIAN), null, '\t')}\n`;

/** Two-space indentation with CRLF line endings, as some editors save it. */
export const STRINGIFIED_CRLF = JSON.stringify(JSON.parse(OBSIDIAN), null, 2).replace(/\n/g, '\r\n');

/** On one line. */
export const MINIFIED = JSON.stringify(JSON.parse(OBSIDIAN));

/** Hand-made: spaces after colons and commas, one element per line, extra keys, a trailing newline. */
export const HAND_MADE = [
  '{',
  '  "nodes": [',
  '    {"id": "n1", "type": "text", "text": "One", "x": 0, "y": 0, "width": 250, "height": 60, "plugin-data": {"pinned": true}},',
  '    {"id": "n2", "type": "text", "text": "Two", "x": 300, "y": 0.5, "width": 250.0, "height": 6e1}',
  '  ],',
  '  "edges": [ {"id": "e1", "fromNode": "n1", "toNode": "n2"} ],',
  '  "metadata": {"version": "1.0-1.0", "frontmatter": {}}',
  '}',
  '',
].join('\n');

/** Every layout above, by name. */
export const LAYOUTS: Record<string, string> = { OBSIDIAN, STRINGIFIED_TABS, STRINGIFIED_CRLF, MINIFIED, HAND_MADE };

/** Parses a canvas text, failing the test when it is not a canvas. */
export function parsed(text: string): ParsedCanvas {
  const result = parseCanvasText(text);
  if (!result.ok) throw new Error(`not a canvas: ${result.error.message}`);
  return result.value;
}

/** A deterministic id generator: a small seeded PRNG (mulberry32) fills the bytes. */
export function seededIds(seed = 1): CanvasIdGenerator {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) & 0xff;
  };
  return createCanvasIdGenerator((bytes) => bytes.forEach((_byte, index) => (bytes[index] = next())));
}
