/** Why an expression does not parse, and where: `position` is a 0-based offset into it. */
export interface ExpressionSyntaxError {
  message: string;
  position: number;
}

/** Thrown inside the lexer and parser only; `parseExpression` turns it into a Result. */
export class SyntaxFailure extends Error {
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'SyntaxFailure';
    this.position = position;
  }
}
