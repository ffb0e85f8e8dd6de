import fc from 'fast-check';
import { bothPaths } from './simple-yaml-helpers';

/**
 * Scalars at the edges of the core schema and of the subset: number look-alikes, YAML 1.1
 * booleans (strings in 1.2), null spellings, dates, indicators, comments, quotes and escapes,
 * white space other than spaces, and characters the fast path must leave alone.
 */
const SCALARS = [
  'null', 'Null', 'NULL', 'nulL', '~', '~~', 'true', 'True', 'TRUE', 'tRue', 'false', 'False', 'FALSE', 'yes', 'no', 'on', 'off', 'Yes', 'y', 'n',
  '0', '-0', '+0', '00', '007', '08', '1', '+1', '-1', '1.0', '-1.5', '.5', '5.', '+.5', '-.5', '.', '-.', '+', '1e3', '1E3', '1e+3', '1.5e-3',
  '.5e3', '5.e3', 'e3', '1e', '0x1F', '0xg', '0X1F', '0x', '0o7', '0o8', '0o', '0O7', '0b1', '1_000', '1,000', '0.1', '99999999999999999999',
  '1.7976931348623157e309', '.inf', '-.inf', '+.inf', '.Inf', '.INF', '.iNf', '.nan', '.NaN', '.NAN', '-.nan', '+.nan', '.nAn', 'Infinity', 'NaN',
  '2022-08-10', '2022-08-10T10:00:00Z', '2022-08-10 10:00', '12:30', '1:2', '-', '--', '---', '...', '- a', '-a', '-1', '-x', '?', '? a', '?a',
  ':', ':a', 'a:', 'a: b', 'a:b', 'a :b', 'a::b', '#', '#a', 'a #b', 'a#b', 'C#', 'a # b: c', '&a', '*a', '!a', '!!str a', '|', '>', '|-', '%a', '@a',
  '`a', 'a`', '[', ']', '{', '}', '{a}', '[a]', '[a, b]', 'a,b', 'a, b', 'a]', 'a}', 'a[0]', "'", '"', "it's", '"q"', "'q'", 'a "b" c',
  '[[Link]]', '"[[Link]]"', '"[[Link|Alias]]"', '""', "''", "'it''s'", "'a''", "'a' b", '"a" b', '"a"b', '"a"#c', '"a" #c', '"a\\"b"', '"a\\\\b"',
  '"a\\nb"', '"a\\tb"', '"a\\x41"', '"a\\u0041"', '"\\/"', '"a\\', '"\\ "', "'a\\b'", ' ', '  ', 'a  b', 'a ', 'ü', '日本語', '😀', '\u00a0', 'a\u00a0',
  '\u00a0a', '\u3000', '\ud800', 'a\udc00', 'a\tb', '\t', '\u0085', '\u2028', '\ufeff', 'x\ry', 'x\u007f', '<<', '=', 'https://x.org/a#b?c=d',
  'Some title', 'type/reference', 'Foo: bar', 'a - b', 'a -', '- ', '-\u00a0', '[]', '[ ]', '[,]', '[a,]', '[a,,b]', '[a b]', '["a", \'b\']', '[a, [b]]',
  '[a, {b}]', '[a: b]', '[a]x', '[a] #c', '[a]#c', '[a', '[ "a" , b ]', '[#a]', '[a#b]', '[-]', '[-a]', '[- a]', '[~, null, 1, .5, true]',
];

/** Pieces that random scalars and keys are glued from. */
const PIECES = [
  'a', 'Z', 'x', 'e', 'E', 'o', 'n', 'u', 'l', 't', 'r', 'f', 's', 'inf', 'nan', 'null', 'true', '0', '1', '9', '0x', '0o', '.', '-', '+', '_', '~',
  ':', ' ', '  ', '#', '"', "'", ',', '[', ']', '{', '}', '/', '\\', '!', '&', '*', '|', '>', '%', '@', '`', '?', '<', 'ü', '😀', '\u00a0', '\\"', "''",
];

const KEYS = [
  'tags', 'aliases', 'title', 'a', 'b', 'A', 'created', 'Date Created', 'discussions-to', '1', '01', '1.0', '0x1', '.5', 'null', 'Null', '~', 'true',
  'yes', 'on', '2022-08-10', '1st', '__proto__', 'toString', 'constructor', 'hasOwnProperty', '-a', '.a', '<<', 'a b', 'a  b', 'a:b', 'a#b', 'a #b',
  'é', 'Éte', '日本', '😀', '"a"', "'a'", '"a b"', '"a\\"b"', "'it''s'", '""', "''", '"1"', "'null'", '"tags"', '"a":', '?a', 'a ', '[a]', 'x]',
  '\u00a0a', 'a\u00a0', 'a\\b', '"a', '@a', '%a', '!a', '&a', '*a', '- a', '#a', 'a'.repeat(1001),
];

const glued = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
/** Ordinary values, so that whole blocks often stay inside the subset and reach the edges of the others. */
const PLAIN_VALUES = ['Some title', 'type/reference', 'Foo', 'Bar baz', '2022-08-10', '42', '3.14', 'true', 'null', 'C#', 'a, b', 'ü é', 'x:y'];

/** Scalars for whole blocks: mostly ordinary, so that a block of several entries often stays in the subset. */
const scalar = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PLAIN_VALUES, ...PLAIN_VALUES.map((value) => `"${value}"`), ...PLAIN_VALUES.map((value) => `'${value}'`)) },
  { weight: 3, arbitrary: fc.constantFrom(...SCALARS) },
  { weight: 1, arbitrary: fc.oneof(glued, glued.map((text) => `"${text}"`), glued.map((text) => `'${text}'`), fc.string({ maxLength: 8 })) },
);

/** Scalars for a single entry: the edges only. */
const edgeScalar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SCALARS) },
  { weight: 2, arbitrary: glued },
  { weight: 1, arbitrary: glued.map((text) => `"${text}"`) },
  { weight: 1, arbitrary: glued.map((text) => `'${text}'`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 6, arbitrary: fc.constantFrom('tags', 'aliases', 'title', 'created', 'a', 'b', 'Date Created', 'discussions-to', 'é', '"quoted"', "'single'") },
  { weight: 6, arbitrary: fc.nat({ max: 999 }).map((n) => `key${n}`) },
  { weight: 1, arbitrary: glued },
);
/** Picks mostly from `usual`, now and then from `rare`. */
function mostly<T>(usual: readonly T[], rare: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...usual) }, { weight: 1, arbitrary: fc.constantFrom(...rare) });
}

const comment = mostly(['', '', ' # c', '   ', ' '], ['  #c: d', '#c', ' #']);
const spaces = fc.constantFrom('', '', ' ', '  ', '   ');
const separator = fc.constantFrom(', ', ',', ' , ', ' ,', ',  ');

/** `[a, b]` with the edges: spaces inside the brackets, empty items, a trailing comma. */
const flowSequence = fc
  .tuple(spaces, fc.array(scalar, { maxLength: 4 }), separator, mostly([''], [',', ', ', ' ,']), spaces)
  .map(([inner, items, sep, trailing, outer]) => `[${inner}${items.join(sep)}${trailing}${outer}]`);

/** The lines of a block list below its key, mostly at one indent, sometimes not. */
const blockItems = fc.tuple(fc.nat({ max: 4 }), fc.array(fc.tuple(scalar, mostly(['- ', '-  '], ['-']), mostly([0], [1, -1, 2]), comment), { minLength: 1, maxLength: 4 })).map(([indent, items]) =>
  items.map(([value, marker, shift, after]) => `${' '.repeat(Math.max(0, indent + shift))}${marker}${marker === '-' && value.startsWith(' ') ? '' : value}${after}`),
);

/** One top-level entry, as lines. */
const entry = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(key, scalar, comment).map(([name, value, after]) => [`${name}: ${value}${after}`]) },
  { weight: 1, arbitrary: fc.tuple(key, spaces, scalar).map(([name, gap, value]) => [`${name}:${gap}${value}`]) },
  { weight: 3, arbitrary: fc.tuple(key, flowSequence, comment).map(([name, value, after]) => [`${name}: ${value}${after}`]) },
  { weight: 4, arbitrary: fc.tuple(key, comment, blockItems).map(([name, after, items]) => [`${name}:${after}`, ...items]) },
  { weight: 2, arbitrary: fc.tuple(key, comment).map(([name, after]) => [`${name}:${after}`]) },
  { weight: 1, arbitrary: fc.oneof(
    fc.tuple(key, key, scalar).map(([name, child, value]) => [`${name}:`, `  ${child}: ${value}`]),
    fc.tuple(key, scalar, scalar).map(([name, value, more]) => [`${name}: ${value}`, `  ${more}`]),
    fc.tuple(key, scalar).map(([name, value]) => [`  ${name}: ${value}`]),
  ) },
  { weight: 2, arbitrary: fc.constantFrom([''], ['   '], ['# comment'], ['  # indented: comment'], ['---'], ['...'], ['- a'], ['%YAML 1.2'], ['#']) },
);

/** A frontmatter block: entries joined by LF or CRLF (sometimes mixed), with or without a final line break. */
const frontmatter = fc
  .tuple(fc.array(entry, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\n', '\r\n', 'mixed'), fc.boolean(), fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }))
  .map(([entries, ending, final, picks]) => {
    const lines = entries.flat();
    const breakAt = (index: number): string => (ending === 'mixed' ? (picks[index % picks.length] === true ? '\r\n' : '\n') : ending);
    return lines.map((line, index) => (index < lines.length - 1 || final ? line + breakAt(index) : line)).join('');
  });

/** Counts of inputs the fast path read (and of those it read as null), to show the grammar reaches it. */
function runAgreement(arbitrary: fc.Arbitrary<string>, numRuns: number, seed: number): { accepted: number; nulls: number; total: number } {
  const counts = { accepted: 0, nulls: 0, total: 0 };
  fc.assert(
    fc.property(arbitrary, (text) => {
      const { fast, reference } = bothPaths(text);
      counts.total += 1;
      if (fast === undefined) return;
      counts.accepted += 1;
      if (fast === 'null') counts.nulls += 1;
      expect({ text, value: fast }).toEqual({ text, value: reference });
    }),
    { seed, numRuns },
  );
  return counts;
}

describe('parseSimpleYamlMapping agrees with the yaml package whenever it answers', () => {
  it('on frontmatter-like blocks built from the subset and its edges', () => {
    const { accepted, nulls, total } = runAgreement(frontmatter, 10_000, 20260916);
    console.log(`frontmatter-like blocks: fast path answered ${accepted} of ${total} (${nulls} null)`);
    expect(accepted).toBeGreaterThan(total / 4);
    expect(nulls).toBeGreaterThan(total / 50);
  });

  it('on one key with every kind of scalar, as a value, a list item and a flow item', () => {
    const single = fc.tuple(edgeScalar, fc.constantFrom('a: %', 'a:\n  - %\n', 'a:\n- %\n', 'a: [%]', 'a: [x, %, y]', '%: a', '"%": a', 'a: %\r\nb: %\r\n')).map(([value, form]) => form.split('%').join(value));
    const { accepted, total } = runAgreement(single, 6000, 20260917);
    console.log(`single scalars: fast path answered ${accepted} of ${total}`);
    expect(accepted).toBeGreaterThan(total / 4);
  });

  it('on any short text', () => {
    const { total } = runAgreement(fc.string({ maxLength: 40, unit: fc.constantFrom('a', '1', ':', ' ', '\n', '-', '#', '"', "'", '[', ']', ',', '.', '~', '\r', 'é') }), 4000, 20260918);
    expect(total).toBe(4000);
  });
});
