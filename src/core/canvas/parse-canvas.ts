import { err, ok, type Result } from '../result';
import { isJsonObject, type JsonObject } from './canvas-document';
import { OBSIDIAN_LAYOUT, readCanvasLayout, type CanvasLayout } from './canvas-layout';
import type { CanvasProblem } from './canvas-problem';
import { locateJsonSpans, type JsonSpan } from './locate-json-spans';

/** A canvas file read for editing: its text, the parsed root object, where each value is written and its layout. */
export interface ParsedCanvas {
  text: string;
  root: JsonObject;
  /** The root object's span; null for an empty file. */
  span: (JsonSpan & { kind: 'object' }) | null;
  layout: CanvasLayout;
}

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Parses the text of a `.canvas` file. An empty file (what Obsidian creates for a new canvas)
 * is an empty canvas. Text that is not JSON, or whose root is not an object, is a problem;
 * the content is not validated here (see `findCanvasProblems`).
 */
export function parseCanvasText(text: string): Result<ParsedCanvas, CanvasProblem> {
  const start = text.startsWith(BYTE_ORDER_MARK) ? 1 : 0;
  if (text.slice(start).trim() === '') return ok({ text, root: {}, span: null, layout: { ...OBSIDIAN_LAYOUT, prefix: text.slice(0, start) } });
  const root = parseJson(text.slice(start));
  if (root === INVALID) return err({ code: 'invalid_json', kind: 'canvas', message: 'the file is not valid JSON' });
  if (!isJsonObject(root)) return err({ code: 'not_an_object', kind: 'canvas', message: 'the top level must be a JSON object with "nodes" and "edges"' });
  const span = locateJsonSpans(text, start) as JsonSpan & { kind: 'object' };
  return ok({ text, root, span, layout: readCanvasLayout(text, span) });
}

const INVALID = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}
