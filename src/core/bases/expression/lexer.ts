import { SyntaxFailure } from './syntax-error';
import type { Token } from './token';

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '+', '-', '*', '/', '%', '(', ')', '[', ']', '{', '}', ',', '.', ':'];
const NUMBER = /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/y;
// A name may hold hyphens between its parts (`image-property`, as the functions page writes
// `image(image-property)`); `a - b` with spaces is a subtraction.
const IDENTIFIER = /[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}_$]*(?:-[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}_$]*)*/uy;
const WHITESPACE = /\s+/y;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/**
 * Splits a Bases expression into tokens: numbers (`5`, `2.5`, `.5`, `1e3`), quoted strings
 * (`'` or `"`, JavaScript's backslash escapes: `\n`, `\x41`, `\u0041`, `\u{1F600}`), identifiers
 * (hyphenated ones too: `image-property`), operators and regular expression literals (`/abc/g`,
 * recognised where an operand may start, so `a / b` stays a division). Throws `SyntaxFailure`
 * with a position.
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let position = skipWhitespace(source, 0);
  while (position < source.length) {
    const token = readToken(source, position, tokens[tokens.length - 1]);
    tokens.push(token);
    position = skipWhitespace(source, token.end);
  }
  tokens.push({ type: 'end', text: '', flags: '', start: source.length, end: source.length });
  return tokens;
}

function skipWhitespace(source: string, position: number): number {
  WHITESPACE.lastIndex = position;
  return WHITESPACE.test(source) ? WHITESPACE.lastIndex : position;
}

function readToken(source: string, start: number, previous: Token | undefined): Token {
  const character = source[start] ?? '';
  if (character === '"' || character === "'") return readString(source, start);
  if (character === '/' && !endsOperand(previous)) return readRegExp(source, start);
  // After a value, `.` reads a member (`x.length`); elsewhere `.5` is a number.
  const number = character === '.' && endsOperand(previous) ? null : match(NUMBER, source, start);
  if (number !== null) return token('number', number, start);
  const identifier = match(IDENTIFIER, source, start);
  if (identifier !== null) return token('identifier', identifier, start);
  const operator = OPERATORS.find((candidate) => source.startsWith(candidate, start));
  if (operator === undefined) throw new SyntaxFailure(`unexpected character "${character}"`, start);
  return token('operator', operator, start);
}

function token(type: Token['type'], text: string, start: number): Token {
  return { type, text, flags: '', start, end: start + text.length };
}

function match(pattern: RegExp, source: string, start: number): string | null {
  pattern.lastIndex = start;
  return pattern.exec(source)?.[0] ?? null;
}

/** After a value (`x`, `1`, `"s"`, `)`, `]`, `}`), a slash divides; elsewhere it opens a regexp. */
function endsOperand(previous: Token | undefined): boolean {
  if (previous === undefined) return false;
  if (previous.type === 'operator') return [')', ']', '}'].includes(previous.text);
  return true;
}

function readString(source: string, start: number): Token {
  const quote = source[start];
  let text = '';
  for (let index = start + 1; index < source.length; index += 1) {
    const character = source[index] ?? '';
    if (character === quote) return { type: 'string', text, flags: '', start, end: index + 1 };
    if (character !== '\\') {
      text += character;
      continue;
    }
    const [unescaped, consumed] = readEscape(source, index + 1);
    text += unescaped;
    index += consumed;
  }
  throw new SyntaxFailure(`unterminated string (add the closing ${quote})`, start);
}

/** The character an escape stands for and how many characters after the backslash it used. */
function readEscape(source: string, position: number): [string, number] {
  const character = source[position] ?? '';
  const rest = source.slice(position + 1);
  const hex = character === 'x' ? /^[0-9a-fA-F]{2}/.exec(rest) : character === 'u' ? /^[0-9a-fA-F]{4}/.exec(rest) : null;
  if (hex !== null) return [String.fromCharCode(parseInt(hex[0], 16)), 1 + hex[0].length];
  const codePoint = character === 'u' ? /^\{([0-9a-fA-F]{1,6})\}/.exec(rest) : null;
  if (codePoint !== null && parseInt(codePoint[1] ?? '', 16) <= 0x10ffff) return [String.fromCodePoint(parseInt(codePoint[1] ?? '', 16)), 1 + codePoint[0].length];
  return [ESCAPES[character] ?? character, 1];
}

function readRegExp(source: string, start: number): Token {
  let inClass = false;
  for (let index = start + 1; index < source.length; index += 1) {
    const character = source[index];
    if (character === '\\') index += 1;
    else if (character === '[') inClass = true;
    else if (character === ']') inClass = false;
    else if (character === '/' && !inClass) return finishRegExp(source, start, index);
  }
  throw new SyntaxFailure('unterminated regular expression (add the closing /)', start);
}

function finishRegExp(source: string, start: number, close: number): Token {
  const flags = /^[a-z]*/.exec(source.slice(close + 1))?.[0] ?? '';
  const pattern = source.slice(start + 1, close);
  try {
    new RegExp(pattern, flags);
  } catch {
    throw new SyntaxFailure(`invalid regular expression /${pattern}/${flags}`, start);
  }
  return { type: 'regexp', text: pattern, flags, start, end: close + 1 + flags.length };
}
