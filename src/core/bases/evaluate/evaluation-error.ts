/**
 * A failure while evaluating an expression for one row: a method on the wrong type, a bad
 * argument, `date("garbage")`. Like Obsidian, it fails that cell (reported beside the rows) or
 * that filter (the row is left out and the problem reported); it never fails the whole query.
 */
export class EvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvaluationError';
  }
}
