import { IndxError } from '../errors';

/** What is wrong with a canvas, as a stable `code` and a sentence naming the offending item. */
export interface CanvasProblem {
  code: 'invalid_json' | 'not_an_object' | 'duplicate_id' | 'dangling_edge' | 'missing_field' | 'wrong_type' | 'unknown_node_type' | 'invalid_value';
  message: string;
  /** Where it is: the whole canvas, a node or an edge. */
  kind: 'canvas' | 'node' | 'edge';
  /** The id of the node or edge, when it has one. */
  id?: string;
  /** Its position in `nodes` or `edges`. */
  index?: number;
  /** The field at fault. */
  field?: string;
}

/** At most this many problems travel in an error's details; the count says how many there were. */
const REPORTED_PROBLEMS = 20;

/**
 * The `canvas_invalid` error for `problems` found in the canvas at `path`: the message names the
 * first problem, the details list them (up to twenty) with the ids at fault.
 */
export function canvasInvalid(path: string, problems: readonly CanvasProblem[]): IndxError {
  const first = problems[0]?.message ?? 'the canvas is not valid JSON Canvas 1.0';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length === 2 ? '' : 's'}, listed in details.problems)` : '';
  const message = `Invalid JSON Canvas for "${path}": ${first}${more}. Correct the canvas (or the ops that produced it) and try again.`;
  return new IndxError('canvas_invalid', message, { path, problems: problems.slice(0, REPORTED_PROBLEMS), problem_count: problems.length });
}
