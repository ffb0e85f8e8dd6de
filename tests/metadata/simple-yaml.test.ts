import fc from 'fast-check';
import { isScalar, parseDocument, Scalar } from 'yaml';
import { parseYamlMapping } from '../../src/core/metadata/frontmatter';
import { resolveCoreScalar } from '../../src/core/yaml/core-scalar';
import { NOT_SIMPLE, parseSimpleYamlMapping } from '../../src/core/yaml/simple-yaml';
import { bothPaths, exactText } from './simple-yaml-helpers';

/** Asserts that the fast path reads `text` as `expected` and that the package agrees. */
function expectRead(text: string, expected: unknown): void {
  const { fast, reference } = bothPaths(text);
  expect(fast).toBe(exactText(expected));
  expect(reference).toBe(fast);
  expect(exactText(parseYamlMapping(text))).toBe(fast);
}

/** What the package makes of `source` as a whole document, when that is one untagged plain scalar. */
function packagePlainScalar(source: string): { value: unknown } | null {
  const document = parseDocument(source);
  const node = document.contents;
  if (document.errors.length > 0 || !isScalar(node) || node.type !== Scalar.PLAIN || node.tag !== undefined || node.source !== source) return null;
  return { value: document.toJS() };
}

describe('resolveCoreScalar', () => {
  it.each<[string, unknown]>([
    ['', null], ['~', null], ['null', null], ['Null', null], ['NULL', null], ['nulL', 'nulL'], ['~~', '~~'],
    ['true', true], ['True', true], ['TRUE', true], ['tRue', 'tRue'], ['false', false], ['False', false], ['FALSE', false],
    ['yes', 'yes'], ['no', 'no'], ['on', 'on'], ['off', 'off'], ['y', 'y'],
    ['0', 0], ['-0', -0], ['+0', 0], ['007', 7], ['08', 8], ['+1', 1], ['-12', -12], ['99999999999999999999', 1e20],
    ['0o17', 15], ['0o8', '0o8'], ['0O17', '0O17'], ['0x1F', 31], ['0x1f', 31], ['0X1F', '0X1F'], ['0x', '0x'], ['-0x1', '-0x1'], ['0b1', '0b1'],
    ['1.0', 1], ['-1.5', -1.5], ['.5', 0.5], ['5.', 5], ['+.5', 0.5], ['-.5', -0.5], ['.', '.'], ['-.', '-.'], ['+', '+'], ['-', '-'],
    ['1e3', 1000], ['1E3', 1000], ['1e+3', 1000], ['1.5e-3', 0.0015], ['.5e3', 500], ['5.e3', 5000], ['e3', 'e3'], ['1e', '1e'], ['1_000', '1_000'], ['1,000', '1,000'],
    ['.inf', Infinity], ['.Inf', Infinity], ['.INF', Infinity], ['+.inf', Infinity], ['-.inf', -Infinity], ['.iNf', '.iNf'],
    ['.nan', NaN], ['.NaN', NaN], ['.NAN', NaN], ['-.nan', '-.nan'], ['+.nan', '+.nan'], ['.nAn', '.nAn'], ['Infinity', 'Infinity'], ['NaN', 'NaN'],
    ['2022-08-10', '2022-08-10'], ['2022-08-10T10:00:00Z', '2022-08-10T10:00:00Z'], ['12:30', '12:30'], ['1.2.3', '1.2.3'], ['type/reference', 'type/reference'],
  ])('%j is %p', (source, expected) => {
    expect(exactText(resolveCoreScalar(source))).toBe(exactText(expected));
    const reference = packagePlainScalar(source);
    if (reference !== null) expect(exactText(resolveCoreScalar(source))).toBe(exactText(reference.value));
  });

  it('agrees with the package on number-like words', () => {
    const unit = fc.constantFrom('0', '1', '7', '9', '.', 'e', 'E', '+', '-', 'x', 'o', 'a', 'F', 'i', 'n', 'f', 'N', 'I', 'u', 'l', 't', 'r', 's', '~', '_', ',');
    let compared = 0;
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 7 }), (source) => {
        const reference = packagePlainScalar(source);
        if (reference === null) return;
        compared += 1;
        expect({ source, value: exactText(resolveCoreScalar(source)) }).toEqual({ source, value: exactText(reference.value) });
      }),
      { seed: 20260919, numRuns: 20_000 },
    );
    expect(compared).toBeGreaterThan(10_000);
  });
});

describe('parseSimpleYamlMapping reads the simple subset exactly', () => {
  it('reads typical frontmatter', () => {
    expectRead('tags:\n  - type/reference\ncreated: 2022-08-10\naliases: [Foo, "Bar baz"]\ntitle: Some title\n', {
      tags: ['type/reference'],
      created: '2022-08-10',
      aliases: ['Foo', 'Bar baz'],
      title: 'Some title',
    });
  });

  it.each<[string, string, unknown]>([
    ['a key with nothing after it, last', 'a: 1\nb:\n', { a: 1, b: null }],
    ['a key with nothing after it, then another key', 'a:\nb: 2\n', { a: null, b: 2 }],
    ['a key with only spaces and a comment after it', 'a:   # note\nb: 2\n', { a: null, b: 2 }],
    ['block list items at column 0', 'a:\n- x\n- y\nb: 1\n', { a: ['x', 'y'], b: 1 }],
    ['block list items at indent 4, blank and comment lines between', 'a:\n\n    - x\n\n# c\n    - 1\n  # c\nb: 1\n', { a: ['x', 1], b: 1 }],
    ['block list items after a comment on the key line', 'a: # c\n  - x\n', { a: ['x'] }],
    ['empty list items', 'a:\n  -\n  - \n  - # c\n  - ""\n', { a: [null, null, null, ''] }],
    ['list items of every scalar kind', "a:\n  - 1\n  - '1'\n  - \"1\"\n  - ~\n  - true\n  -   spaced   \n  - C#\n  - x # c\n", { a: [1, '1', '1', null, true, 'spaced', 'C#', 'x'] }],
    ['flow lists', "a: []\nb: [ ]\nc: [x,y]\nd: [ 1 , 'it''s' , \"q\" ]\ne: [a b, -1, .inf, 0x1F, null] # c\n", { a: [], b: [], c: ['x', 'y'], d: [1, "it's", 'q'], e: ['a b', -1, Infinity, 31, null] }],
    ['quoted scalars', "a: 'it''s'\nb: \"say \\\"hi\\\" \\\\ \\/\"\nc: \"tab\\tnew\\nline\"\nd: ''\ne: \"\"\nf: ' # not a comment: '\n", { a: "it's", b: 'say "hi" \\ /', c: 'tab\tnew\nline', d: '', e: '', f: ' # not a comment: ' }],
    ['plain scalars with colons, hashes and brackets inside', 'a: C#\nb: a#b\nc: http://x.org/a#b\nd: x :y\ne: a, b]\nf: see [[Note]]\ng: x # comment\n', { a: 'C#', b: 'a#b', c: 'http://x.org/a#b', d: 'x :y', e: 'a, b]', f: 'see [[Note]]', g: 'x' }],
    ['quoted wikilinks', 'up: "[[Note]]"\nrelated:\n  - "[[A|a]]"\n', { up: '[[Note]]', related: ['[[A|a]]'] }],
    ['trailing spaces, which plain scalars drop and quoted ones keep', 'a: x   \nb: " x "  \n', { a: 'x', b: ' x ' }],
    ['a no-break space, which is not white space to YAML', 'a: x\u00a0\nb: \u00a0\n', { a: 'x\u00a0', b: '\u00a0' }],
    ['CRLF line ends', 'a: 1\r\nb:\r\n  - x\r\nc: [y]\r\n', { a: 1, b: ['x'], c: ['y'] }],
    ['no final line break', 'a: 1', { a: 1 }],
    ['values that look like numbers, booleans and null', 'a: -0\nb: +1\nc: 007\nd: 0o7\ne: 1e3\nf: .5\ng: yes\nh: Null\ni: ~\nj: FALSE\nk: -.nan\nl: 1_000\n', { a: -0, b: 1, c: 7, d: 7, e: 1000, f: 0.5, g: 'yes', h: null, i: null, j: false, k: '-.nan', l: '1_000' }],
    ['values that start with a dash or dots', 'a: -x\nb: --\nc: ---\nd: ...\ne: -.inf\n', { a: '-x', b: '--', c: '---', d: '...', e: -Infinity }],
    ['unicode keys and values', 'é: ü\n日本: 語\nemoji: 😀\n', { é: 'ü', 日本: '語', emoji: '😀' }],
    ['keys with spaces, dashes, digits and quotes', 'Date Created: x\ndiscussions-to: y\n1st: z\n"quoted key": 1\n\'single\': 2\n"1": 3\n"": 4\n', { 'Date Created': 'x', 'discussions-to': 'y', '1st': 'z', 'quoted key': 1, single: 2, '1': 3, '': 4 }],
    ['a key of 1,000 characters', `${'k'.repeat(1000)}: x\n`, { ['k'.repeat(1000)]: 'x' }],
    ['comments on their own lines', '# top\na: 1\n  # indented\n\nb: 2\n#\n', { a: 1, b: 2 }],
  ])('%s', (_, text, expected) => {
    expectRead(text, expected);
  });

  it('defines `__proto__` and `toString` as own keys, as the package does', () => {
    const text = '__proto__: x\ntoString: y\nconstructor: z\n';
    expectRead(text, JSON.parse('{"__proto__": "x", "toString": "y", "constructor": "z"}'));
    const read = parseSimpleYamlMapping(text);
    expect(read !== NOT_SIMPLE && read !== null && Object.getPrototypeOf(read) === Object.prototype).toBe(true);
  });

  it.each<[string, string]>([
    ['an empty block', ''],
    ['blank lines only', '\n  \n'],
    ['comments only', '# a\n  # b\n'],
    ['a repeated key', 'a: 1\nb: 2\na: 3\n'],
    ['a repeated key, quoted once', 'a: 1\n"a": 2\n'],
    ['a repeated key with a list', 'tags:\n  - x\ntags: [y]\n'],
  ])('reads %s as null', (_, text) => {
    expectRead(text, null);
  });
});

describe('parseSimpleYamlMapping leaves everything else to the package', () => {
  it.each<[string, string]>([
    ['an anchor', 'a: &x 1\n'],
    ['an alias', 'a: 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a local tag', 'a: !x y\n'],
    ['a literal block scalar', 'a: |\n  x\n'],
    ['a folded block scalar', 'a: >-\n  x\n'],
    ['a multi-line plain scalar', 'a: x\n  y\n'],
    ['a multi-line plain list item', 'a:\n  - x\n    y\n'],
    ['a multi-line double-quoted scalar', 'a: "x\n  y"\n'],
    ['a multi-line single-quoted scalar', "a: 'x\n  y'\n"],
    ['a flow mapping', 'a: {b: c}\n'],
    ['a template placeholder (a flow mapping)', 'created: {{date}}\n'],
    ['a nested flow list', 'a: [b, [c]]\n'],
    ['an unquoted wikilink (a nested flow list)', 'up: [[Note]]\n'],
    ['a flow mapping in a flow list', 'a: [{b: c}]\n'],
    ['a flow list over lines', 'a: [b,\n  c]\n'],
    ['a trailing comma in a flow list', 'a: [b, c,]\n'],
    ['an empty flow item', 'a: [b, , c]\n'],
    ['a colon in a flow item', 'a: [b: c]\n'],
    ['a hash in a flow item', 'a: [b#c]\n'],
    ['text after a flow list', 'a: [b] c\n'],
    ['a comment right after a quoted scalar', 'a: "x"#c\n'],
    ['text after a quoted scalar', 'a: "x" y\n'],
    ['a tab', 'a:\tx\n'],
    ['a tab in a value', 'a: x\ty\n'],
    ['a document start marker', '---\na: 1\n'],
    ['a document end marker', 'a: 1\n...\n'],
    ['a directive', '%YAML 1.2\na: 1\n'],
    ['a complex key', '? a\n: b\n'],
    ['a quoted key with an escape', '"a\\"b": c\n'],
    ['a single-quoted key with a quote', "'it''s': c\n"],
    ['a key that is a number', '1: a\n'],
    ['a key that is null', 'null: a\n'],
    ['a key that is a boolean', 'true: a\n'],
    ['a merge key', '<<: a\n'],
    ['a key with a space before its colon', 'a : b\n'],
    ['a key without a space after its colon', 'a:b\n'],
    ['a key over 1,000 characters', `${'k'.repeat(1001)}: x\n`],
    ['a nested mapping', 'a:\n  b: c\n'],
    ['an indented mapping', '  a: 1\n'],
    ['a mapping in a value', 'a: b: c\n'],
    ['a value ending with a colon', 'a: b:\n'],
    ['a top-level list', '- a\n'],
    ['a list on the key line', 'a: - b\n'],
    ['a question mark value', 'a: ? b\n'],
    ['list items at two indents', 'a:\n  - x\n - y\n'],
    ['a list item dedented to column 0', 'a:\n  - x\n- y\n'],
    ['a list item without a space', 'a:\n  -x\n'],
    ['a mapping in a list item', 'a:\n  - b: c\n'],
    ['a nested list', 'a:\n  - - b\n'],
    ['a flow list as a list item', 'a:\n  - [b]\n'],
    ['a reserved indicator', 'a: @x\n'],
    ['a backquote', 'a: `x`\n'],
    ['a percent sign', 'a: %x\n'],
    ['an escape outside the handled set', 'a: "\\x41"\n'],
    ['a line continuation escape', 'a: "x\\\n  y"\n'],
    ['a byte order mark', 'a: \ufeffx\n'],
    ['a next-line character', 'a: x\u0085y\n'],
    ['a line separator', 'a: x\u2028y\n'],
    ['a lone carriage return', 'a: x\ry\n'],
    ['a control character', 'a: x\u0007\n'],
  ])('%s', (_, text) => {
    expect(parseSimpleYamlMapping(text)).toBe(NOT_SIMPLE);
  });
});
