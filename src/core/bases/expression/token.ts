/** One lexical token of an expression; `start` and `end` are offsets (end exclusive). */
export interface Token {
  type: 'number' | 'string' | 'identifier' | 'operator' | 'regexp' | 'end';
  /** The number's or string's value, the identifier or operator text, the regexp's source. */
  text: string;
  /** Regexp flags; empty for other tokens. */
  flags: string;
  start: number;
  end: number;
}
