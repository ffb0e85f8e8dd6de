import { err, ok, type Result } from '../../result';
import { NULL_VALUE, booleanValue, numberValue, stringValue, type BaseValue } from '../values/base-value';
import type { BinaryOperator, ExpressionNode } from './ast';
import { childNodes } from './child-nodes';
import { tokenize } from './lexer';
import { SyntaxFailure, type ExpressionSyntaxError } from './syntax-error';
import type { Token } from './token';

/** The tokens being parsed, the index of the next one, and how deeply the parser has recursed. */
interface Cursor {
  tokens: Token[];
  index: number;
  depth: number;
}

/** The deepest nesting of parentheses, calls, lists and prefix operators an expression may have. */
const MAXIMUM_NESTING = 200;
/** The most levels an expression's tree may have, chains such as `1 + 1 + 1` included. */
const MAXIMUM_HEIGHT = 1_000;

/** Operator levels from loosest to tightest, below unary operators. */
const BINARY_LEVELS: readonly (readonly BinaryOperator[])[] = [['==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%']];
const KEYWORDS: Partial<Record<string, BaseValue>> = { true: booleanValue(true), false: booleanValue(false), null: NULL_VALUE };

/**
 * Parses one Bases expression (a filter statement or a formula) with JavaScript's precedence:
 * `||`, `&&`, equality, comparison, `+ -`, `* / %`, unary `! - +`, then member access (`a.b`),
 * indexing (`a[0]`, `a["key"]`), calls (`f(x)`, `a.m(x)`), and primary values (numbers, strings,
 * regexps, `true`/`false`/`null`, identifiers, `( )`, list `[a, b]` and object `{"k": v}`
 * literals). A syntax error comes back with the offset where it was found. So evaluation cannot
 * overflow the stack, an expression nesting deeper than {@link MAXIMUM_NESTING} levels or whose
 * tree is higher than {@link MAXIMUM_HEIGHT} is refused as a syntax error.
 */
export function parseExpression(source: string): Result<ExpressionNode, ExpressionSyntaxError> {
  try {
    const cursor: Cursor = { tokens: tokenize(source), index: 0, depth: 0 };
    const node = parseOr(cursor);
    const rest = peek(cursor);
    if (rest.type !== 'end') throw new SyntaxFailure(`unexpected "${rest.text}" after a complete expression`, rest.start);
    if (heightOf(node) > MAXIMUM_HEIGHT) throw new SyntaxFailure(`the expression is too long a chain: its tree has more than ${MAXIMUM_HEIGHT} levels (split it into formulas)`, 0);
    return ok(node);
  } catch (error) {
    if (error instanceof SyntaxFailure) return err({ message: error.message, position: error.position });
    throw error;
  }
}

function peek(cursor: Cursor): Token {
  return cursor.tokens[cursor.index] ?? cursor.tokens[cursor.tokens.length - 1] ?? { type: 'end', text: '', flags: '', start: 0, end: 0 };
}

function next(cursor: Cursor): Token {
  const token = peek(cursor);
  cursor.index = Math.min(cursor.index + 1, cursor.tokens.length - 1);
  return token;
}

function isOperator(token: Token, ...texts: string[]): boolean {
  return token.type === 'operator' && texts.includes(token.text);
}

function expect(cursor: Cursor, text: string, context: string): Token {
  const token = next(cursor);
  if (!isOperator(token, text)) throw new SyntaxFailure(`expected "${text}" ${context} but found ${describe(token)}`, token.start);
  return token;
}

function describe(token: Token): string {
  return token.type === 'end' ? 'the end of the expression' : `"${token.text}"`;
}

/** Runs `parse` one level deeper, refusing nesting past {@link MAXIMUM_NESTING}. */
function nested(cursor: Cursor, parse: () => ExpressionNode): ExpressionNode {
  cursor.depth += 1;
  if (cursor.depth > MAXIMUM_NESTING) throw new SyntaxFailure(`the expression nests more than ${MAXIMUM_NESTING} levels deep`, peek(cursor).start);
  try {
    return parse();
  } finally {
    cursor.depth -= 1;
  }
}

/** The number of levels of a tree, counted without recursion. */
function heightOf(root: ExpressionNode): number {
  let height = 0;
  const stack: [ExpressionNode, number][] = [[root, 1]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, level] = entry;
    height = Math.max(height, level);
    for (const child of childNodes(node)) stack.push([child, level + 1]);
  }
  return height;
}

function parseOr(cursor: Cursor): ExpressionNode {
  return nested(cursor, () => parseOrChain(cursor));
}

function parseOrChain(cursor: Cursor): ExpressionNode {
  let left = parseAnd(cursor);
  while (isOperator(peek(cursor), '||')) {
    next(cursor);
    left = { type: 'logical', operator: '||', left, right: parseAnd(cursor), start: left.start };
  }
  return left;
}

function parseAnd(cursor: Cursor): ExpressionNode {
  let left = parseBinary(cursor, 0);
  while (isOperator(peek(cursor), '&&')) {
    next(cursor);
    left = { type: 'logical', operator: '&&', left, right: parseBinary(cursor, 0), start: left.start };
  }
  return left;
}

function parseBinary(cursor: Cursor, level: number): ExpressionNode {
  const operators = BINARY_LEVELS[level];
  if (operators === undefined) return parseUnary(cursor);
  let left = parseBinary(cursor, level + 1);
  while (isOperator(peek(cursor), ...operators)) {
    const operator = next(cursor).text as BinaryOperator;
    left = { type: 'binary', operator, left, right: parseBinary(cursor, level + 1), start: left.start };
  }
  return left;
}

function parseUnary(cursor: Cursor): ExpressionNode {
  const token = peek(cursor);
  if (!isOperator(token, '!', '-', '+')) return parsePostfix(cursor, parsePrimary(cursor));
  next(cursor);
  return { type: 'unary', operator: token.text as '!' | '-' | '+', operand: nested(cursor, () => parseUnary(cursor)), start: token.start };
}

function parsePostfix(cursor: Cursor, node: ExpressionNode): ExpressionNode {
  for (;;) {
    const token = peek(cursor);
    if (isOperator(token, '.')) node = parseMember(cursor, node);
    else if (isOperator(token, '[')) node = parseIndex(cursor, node);
    else if (isOperator(token, '(')) node = parseCall(cursor, node);
    else return node;
  }
}

function parseMember(cursor: Cursor, object: ExpressionNode): ExpressionNode {
  next(cursor);
  const name = next(cursor);
  if (name.type !== 'identifier') throw new SyntaxFailure(`expected a property or method name after "." but found ${describe(name)}`, name.start);
  return { type: 'member', object, name: name.text, start: object.start };
}

function parseIndex(cursor: Cursor, object: ExpressionNode): ExpressionNode {
  next(cursor);
  const index = parseOr(cursor);
  expect(cursor, ']', 'to close the index');
  return { type: 'index', object, index, start: object.start };
}

function parseCall(cursor: Cursor, callee: ExpressionNode): ExpressionNode {
  const open = next(cursor);
  const args = parseSequence(cursor, ')', 'argument list');
  if (callee.type === 'identifier') return { type: 'call', receiver: null, name: callee.name, args, start: callee.start };
  if (callee.type === 'member') return { type: 'call', receiver: callee.object, name: callee.name, args, start: callee.start };
  throw new SyntaxFailure('only functions and methods can be called (write name(...) or value.method(...))', open.start);
}

/** Comma-separated expressions up to `close` (a trailing comma is allowed). */
function parseSequence(cursor: Cursor, close: string, what: string): ExpressionNode[] {
  const items: ExpressionNode[] = [];
  while (!isOperator(peek(cursor), close)) {
    items.push(parseOr(cursor));
    if (!isOperator(peek(cursor), ',')) break;
    next(cursor);
  }
  expect(cursor, close, `to close the ${what}`);
  return items;
}

function parsePrimary(cursor: Cursor): ExpressionNode {
  const token = next(cursor);
  switch (token.type) {
    case 'number':
      return { type: 'literal', value: numberValue(Number(token.text)), start: token.start };
    case 'string':
      return { type: 'literal', value: stringValue(token.text), start: token.start };
    case 'regexp':
      return { type: 'literal', value: { kind: 'regexp', source: token.text, flags: token.flags }, start: token.start };
    case 'identifier':
      return identifierOrKeyword(token);
    default:
      return parseGroupOrLiteral(cursor, token);
  }
}

function identifierOrKeyword(token: Token): ExpressionNode {
  const keyword = KEYWORDS[token.text];
  return keyword === undefined ? { type: 'identifier', name: token.text, start: token.start } : { type: 'literal', value: keyword, start: token.start };
}

function parseGroupOrLiteral(cursor: Cursor, token: Token): ExpressionNode {
  if (isOperator(token, '(')) {
    const inner = parseOr(cursor);
    expect(cursor, ')', 'to close the parenthesis');
    return inner;
  }
  if (isOperator(token, '[')) return { type: 'list', items: parseSequence(cursor, ']', 'list'), start: token.start };
  if (isOperator(token, '{')) return parseObject(cursor, token.start);
  throw new SyntaxFailure(`expected a value but found ${describe(token)}`, token.start);
}

function parseObject(cursor: Cursor, start: number): ExpressionNode {
  const entries: { key: string; value: ExpressionNode }[] = [];
  while (!isOperator(peek(cursor), '}')) {
    const key = next(cursor);
    if (key.type !== 'string' && key.type !== 'identifier') throw new SyntaxFailure(`expected a key in the object but found ${describe(key)}`, key.start);
    expect(cursor, ':', 'after the object key');
    entries.push({ key: key.text, value: parseOr(cursor) });
    if (!isOperator(peek(cursor), ',')) break;
    next(cursor);
  }
  expect(cursor, '}', 'to close the object');
  return { type: 'object', entries, start };
}
