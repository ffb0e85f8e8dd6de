import fc from 'fast-check';
import type { BinaryOperator, ExpressionNode } from '../../src/core/bases/expression/ast';
import { checkExpression } from '../../src/core/bases/expression/check-expression';
import { parseExpression } from '../../src/core/bases/expression/parser';

/** The parse tree as a compact S-expression, so expectations read like the precedence they pin. */
function shape(node: ExpressionNode): string {
  switch (node.type) {
    case 'literal':
      return node.value.kind === 'string' ? JSON.stringify(node.value.value) : node.value.kind === 'regexp' ? `/${node.value.source}/${node.value.flags}` : 'value' in node.value ? String(node.value.value) : node.value.kind;
    case 'identifier':
      return node.name;
    case 'member':
      return `(. ${shape(node.object)} ${node.name})`;
    case 'index':
      return `([] ${shape(node.object)} ${shape(node.index)})`;
    case 'call':
      return `(${node.receiver === null ? node.name : `.${node.name} ${shape(node.receiver)}`}${node.args.map((arg) => ` ${shape(arg)}`).join('')})`;
    case 'list':
      return `[${node.items.map(shape).join(' ')}]`;
    case 'object':
      return `{${node.entries.map((entry) => `${entry.key}:${shape(entry.value)}`).join(' ')}}`;
    case 'unary':
      return `(${node.operator} ${shape(node.operand)})`;
    default:
      return `(${node.operator} ${shape(node.left)} ${shape(node.right)})`;
  }
}

function parsed(source: string): string {
  const result = parseExpression(source);
  if (!result.ok) throw new Error(`${result.error.message} at ${result.error.position}`);
  return shape(result.value);
}

function syntaxError(source: string): { message: string; position: number } {
  const result = parseExpression(source);
  if (result.ok) throw new Error(`expected a syntax error for ${source}`);
  return result.error;
}

describe('expression parser: precedence as in JavaScript (Bases syntax, Operators)', () => {
  it.each([
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
    ['a - b - c', '(- (- a b) c)'],
    ['10 % 4 / 2', '(/ (% 10 4) 2)'],
    ['a > 1 && b < 2 || c == 3', '(|| (&& (> a 1) (< b 2)) (== c 3))'],
    ['a == b != c', '(!= (== a b) c)'],
    ['!a && b', '(&& (! a) b)'],
    ['!file.hasTag("x")', '(! (.hasTag file "x"))'],
    ['-price.abs()', '(- (.abs price))'],
    ['x <= 1 == y >= 2', '(== (<= x 1) (>= y 2))'],
    ['a || b && c', '(|| a (&& b c))'],
  ])('%s', (source, expected) => {
    expect(parsed(source)).toBe(expected);
  });
});

describe('expression parser: values, members, indexing and calls', () => {
  it.each([
    ['note["my key"]', '([] note "my key")'],
    ['property[0].subprop', '(. ([] property 0) subprop)'],
    ['file.embeds[0].containsAny("jpg", "gif")', '(.containsAny ([] (. file embeds) 0) "jpg" "gif")'],
    ['1.isTruthy()', '(.isTruthy 1)'],
    ['2.5.round()', '(.round 2.5)'],
    ['(2.5).round()', '(.round 2.5)'],
    ['123.toString()', '(.toString 123)'],
    ['[1, [2, 3], ]', '[1 [2 3]]'],
    ['{"a": 1, b: "two"}', '{a:1 b:"two"}'],
    ['{}.isEmpty()', '(.isEmpty {})'],
    ['if(price, price.toFixed(2) + " dollars")', '(if price (+ (.toFixed price 2) " dollars"))'],
    ['list(this.file.links).filter(list(file.links).containsAny(value)).unique()', '(.unique (.filter (list (. (. this file) links)) (.containsAny (list (. file links)) value)))'],
    ['true && false || null', '(|| (&& true false) null)'],
    ['1e3 + 0.5', '(+ 1000 0.5)'],
  ])('%s', (source, expected) => {
    expect(parsed(source)).toBe(expected);
  });

  it('reads both quote styles with backslash escapes', () => {
    expect(parsed(`'it\\'s' + "a \\"quote\\"\\n" + "\\u00e9"`)).toBe(`(+ (+ "it's" "a \\"quote\\"\\n") "é")`);
  });

  it('tells a regexp literal from a division by what comes before the slash', () => {
    expect(parsed('/a,b/g.matches("x")')).toBe('(.matches /a,b/g "x")');
    expect(parsed('"a,b".replace(/[,/]/, "-")')).toBe('(.replace "a,b" /[,/]/ "-")');
    expect(parsed('price / age / 2')).toBe('(/ (/ price age) 2)');
    expect(parsed('(a) / 2')).toBe('(/ a 2)');
  });

  it('accepts identifiers beyond ASCII (property names in any script)', () => {
    expect(parsed('größe > 2 && 名前 != ""')).toBe('(&& (> größe 2) (!= 名前 ""))');
  });

  it('reads JavaScript escapes \\x and \\u{...} in strings', () => {
    expect(parsed('"\\x41" + "\\u{1F600}" + "\\u0041"')).toBe('(+ (+ "A" "😀") "A")');
  });

  it('reads a number with no digit before the point (.5), and still a member after a value', () => {
    expect(parsed('.5 + 1')).toBe('(+ 0.5 1)');
    expect(parsed('x.length')).toBe('(. x length)');
    expect(parsed('(.5).round()')).toBe('(.round 0.5)');
  });

  it('reads a hyphenated name as one property, as the functions page writes image(image-property)', () => {
    expect(parsed('image(image-property)')).toBe('(image image-property)');
    expect(parsed('note.cover-image')).toBe('(. note cover-image)');
    expect(parsed('a - b')).toBe('(- a b)'); // spaced: a subtraction
    expect(parsed('price-1')).toBe('(- price 1)'); // a digit after the hyphen: a subtraction
  });
});

describe('expression parser: nesting limits, so evaluation cannot overflow the stack', () => {
  it('refuses 5,000 nested parentheses as a syntax error, not a stack overflow', () => {
    expect(syntaxError(`${'('.repeat(5_000)}1${')'.repeat(5_000)}`).message).toContain('nests more than 200 levels');
  });

  it('refuses a chain of 50,000 terms', () => {
    expect(syntaxError(Array.from({ length: 50_000 }, () => '1').join('+')).message).toContain('more than 1000 levels');
  });

  it('refuses 5,000 prefix operators', () => {
    expect(syntaxError(`${'!'.repeat(5_000)}true`).message).toContain('nests more than 200 levels');
  });

  it('accepts 200 nested parentheses and a chain of 500 terms', () => {
    expect(parsed(`${'('.repeat(199)}1${')'.repeat(199)}`)).toBe('1');
    expect(parseExpression(Array.from({ length: 500 }, () => 'x').join(' + ')).ok).toBe(true);
  });
});

describe('expression parser: syntax errors carry the offset where they were found', () => {
  it.each([
    ['price >', 7, 'expected a value'],
    ['(1 + 2', 6, 'expected ")"'],
    ['"open', 0, 'unterminated string'],
    ['a = 1', 2, 'unexpected character "="'],
    ['a === b', 4, 'unexpected character "="'],
    ['f(1 2)', 4, 'expected ")"'],
    ['a.', 2, 'expected a property or method name'],
    ['[a](1)', 3, 'only functions and methods can be called'],
    ['1 2', 2, 'after a complete expression'],
    ['/[a/', 0, 'unterminated regular expression'],
    ['/(/', 0, 'invalid regular expression'],
    ['price # 2', 6, 'unexpected character "#"'],
    ['{1: 2}', 1, 'expected a key'],
  ])('%s', (source, position, message) => {
    const error = syntaxError(source);
    expect(error.position).toBe(position);
    expect(error.message).toContain(message);
  });
});

describe('expression checker: unknown constructs are named before anything runs', () => {
  function problems(source: string, formulas: string[] = []) {
    const result = parseExpression(source);
    if (!result.ok) throw new Error(result.error.message);
    return checkExpression(result.value, new Set(formulas)).map(({ code, construct }) => `${code} ${construct}`);
  }

  it('names undocumented functions, methods, file properties and missing formulas', () => {
    expect(problems('upper(name)')).toEqual(['base_unsupported upper()']);
    expect(problems('name.upper()')).toEqual(['base_unsupported upper()']);
    expect(problems('file.tasks.length > 0')).toEqual(['base_unsupported file.tasks']);
    expect(problems('file.lower()')).toEqual(['base_unsupported file.lower()']);
    expect(problems('formula.total * 2')).toEqual(['base_invalid formula.total']);
    expect(problems('formula["x" + y]')).toEqual(['base_unsupported formula[...]']);
    expect(problems('formula')).toEqual(['base_invalid formula']);
  });

  it('accepts documented constructs, including the legacy not() and empty()', () => {
    expect(problems('formula.total > 2 && formula["total"] < 9', ['total'])).toEqual([]);
    expect(problems('not(empty(note.last)) && file.hasTag("a") && file.basename.lower().contains("x") && this.related.isEmpty()')).toEqual([]);
  });
});

// Property: printing a random tree with full parentheses and parsing it back gives the same
// tree, so the parser neither drops nor reorders anything whatever the nesting.
const OPERATORS: BinaryOperator[] = ['+', '-', '*', '/', '%', '==', '!=', '<', '>', '<=', '>='];
const leaf = fc.oneof(
  fc.integer({ min: 0, max: 999 }).map(String),
  fc.constantFrom('price', 'file.name', 'note.rating', '"text"', "'single'", 'true', 'null', '[1, 2]', 'now()'),
);
const tree: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('node'), fc.constantFrom(...OPERATORS, '&&', '||'), tie('node')).map(([a, operator, b]) => `(${a} ${operator} ${b})`),
    tie('node').map((inner) => `(!${inner})`),
    fc.tuple(tie('node'), tie('node')).map(([a, b]) => `if(${a}, ${b})`),
    tie('node').map((inner) => `(${inner}).toString()`),
  ),
})).node;

/** Prints a tree back to source, parenthesising every operation. */
function print(node: ExpressionNode): string {
  switch (node.type) {
    case 'literal':
      return node.value.kind === 'list' ? '[]' : shape(node);
    case 'identifier':
      return node.name;
    case 'member':
      return `${print(node.object)}.${node.name}`;
    case 'index':
      return `${print(node.object)}[${print(node.index)}]`;
    case 'call':
      return `${node.receiver === null ? '' : `(${print(node.receiver)}).`}${node.name}(${node.args.map(print).join(', ')})`;
    case 'list':
      return `[${node.items.map(print).join(', ')}]`;
    case 'object':
      return `{${node.entries.map((entry) => `${JSON.stringify(entry.key)}: ${print(entry.value)}`).join(', ')}}`;
    case 'unary':
      return `(${node.operator}${print(node.operand)})`;
    default:
      return `(${print(node.left)} ${node.operator} ${print(node.right)})`;
  }
}

describe('expression parser: property tests (seeded)', () => {
  it('parse ∘ print is stable: printing a parsed expression and parsing it again gives the same tree', () => {
    fc.assert(
      fc.property(tree, (source) => {
        const first = parseExpression(source);
        if (!first.ok) throw new Error(first.error.message);
        expect(parsed(print(first.value))).toBe(shape(first.value));
      }),
      { seed: 6, numRuns: 300 },
    );
  });
});
