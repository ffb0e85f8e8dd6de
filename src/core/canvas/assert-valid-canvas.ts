import type { JsonObject } from './canvas-document';
import { canvasInvalid } from './canvas-problem';
import { findCanvasProblems } from './find-canvas-problems';

/** Throws `canvas_invalid` (every problem in its details) unless `root`, meant for `path`, is valid JSON Canvas 1.0. */
export function assertValidCanvas(path: string, root: JsonObject): void {
  const problems = findCanvasProblems(root);
  if (problems.length > 0) throw canvasInvalid(path, problems);
}
