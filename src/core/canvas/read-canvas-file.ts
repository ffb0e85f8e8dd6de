import { canvasInvalid } from './canvas-problem';
import { parseCanvasText, type ParsedCanvas } from './parse-canvas';

/**
 * Parses the text of the canvas at `path` for reading or editing; throws `canvas_invalid` when
 * it is not JSON or its top level is not an object.
 */
export function readCanvasFile(path: string, text: string): ParsedCanvas {
  const parsed = parseCanvasText(text);
  if (!parsed.ok) throw canvasInvalid(path, [parsed.error]);
  return parsed.value;
}
