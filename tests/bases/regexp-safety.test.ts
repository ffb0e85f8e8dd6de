import { parseBase } from '../../src/core/bases/base/parse-base';
import { analyzeRegExp } from '../../src/core/bases/expression/regexp-hazard';
import { expectEvaluationError, expectValue } from './helpers/expectations';
import { openExpressionVault, type ExpressionVault } from './helpers/expression-harness';
import { MemoryHost } from './helpers/memory-host';
import { runBase } from './helpers/run-base';

// Regular expressions come from the .base file, so a base could hang the process with a pattern
// that backtracks exponentially: /^(a+)+$/ on 26 a's and "!" took 2.9 s, doubling per character.
// Such patterns are refused when the base is parsed (base_unsupported naming the pattern). A
// regular expression runs on at most 10,000 characters, fewer when its backtracking is
// polynomial of a higher degree: /a*a*b/ on 10,000 a's ran for minutes (n^3 steps).

const JEST_DEFAULT_TIMEOUT = 5_000;

function hazardOf(source: string, flags = ''): string | null {
  return analyzeRegExp(source, flags).hazard;
}

describe('patterns that backtrack exponentially are refused', () => {
  it.each([
    ['^(a+)+$', 'repeated group holds a part of variable length'],
    ['(a*)*b', 'repeated group holds a part of variable length'],
    ['(?:x\\d+)*y', 'repeated group holds a part of variable length'],
    ['(a+){10}', 'repeated group holds a part of variable length'],
    ['((a+))+', 'repeated group holds a part of variable length'],
    ['^(a?a?)+$', 'repeated group holds a part of variable length'], // exponential in V8
    ['(a?)+b', 'repeated group holds a part of variable length'], // harmless in V8, refused to err on the safe side
    ['(\\w+\\.?)+$', 'repeated group holds a part of variable length'], // the classic domain-name ReDoS
    ['(a|ab)*c', 'branches that can match the same text'],
    ['(a|a)+$', 'branches that can match the same text'],
    ['(\\w|\\d)+$', 'branches that can match the same text'],
    ['(x|\\w)+$', 'branches that can match the same text'],
    ['(.|\\s)*$', 'branches that can match the same text'],
    ['(a|)+$', 'branches that can match the same text'],
    ['((a|ab))+', 'branches that can match the same text'],
    ['(a)\\1', 'backreference'],
    ['(?<x>a)\\k<x>', 'backreference'],
  ])('/%s/', (source, reason) => {
    expect(hazardOf(source)).toContain(reason);
  });

  it('compares branch starts ignoring case under the i flag', () => {
    expect(hazardOf('(a|A)+', 'i')).toContain('branches');
    expect(hazardOf('(a|A)+')).toBeNull();
  });

  it.each([
    '^\\d{4}-\\d{2}-\\d{2}$', // the daily-note idiom
    'abc',
    '[A-Z]+\\w*',
    '(cat|dog)+',
    '(\\d|\\s)+',
    '(ab){2}',
    '^(?:https?://)?[^/]+',
    'a{0,1}b',
    '(x\\)+)',
    '[(+*]+',
    '(\\.\\d+)?$', // an optional group is no repetition
    '([a-c]|[x-z])+', // branches of disjoint classes
    '\\bword\\b',
  ])('accepts /%s/', (source) => {
    expect(hazardOf(source)).toBeNull();
  });

  it.each([
    ['abc', 10_000],
    ['^\\d+-\\d+$', 10_000], // a mandatory "-" that \\d cannot match ends the run
    ['[^,]+,[^,]+', 10_000],
    ['a*b', 10_000], // n^2 over an unanchored search: 10^8 steps
    ['a*a*b', 464], // two overlapping variable parts in a row: n^3
    ['\\d+\\.?\\d*', 464], // the optional "." separates nothing: \\d+ then \\d*
    ['\\d+(x*)\\d+', 464], // nor does a group that can match nothing
    ['\\d+\\.\\d+', 10_000], // a mandatory "." does
    ['.*.*=.*', 100],
    ['(a*)(a*)b', 464],
  ])('/%s/ runs on at most %i characters', (source, limit) => {
    expect(analyzeRegExp(source, '')).toEqual({ hazard: null, textLimit: limit });
  });

  it(
    'analyses 5,000 alternatives in linear time (branches are not compared pairwise)',
    () => {
      const words = Array.from({ length: 5_000 }, (_, index) => `w${index}x`);
      expect(analyzeRegExp(`^(?:${words.join('|')})$`, '')).toEqual({ hazard: null, textLimit: 10_000 });
      expect(hazardOf(`(?:${words.join('|')})+`)).toContain('branches that can match the same text');
    },
    JEST_DEFAULT_TIMEOUT,
  );

  it('fails the base with base_unsupported naming the pattern, before any row runs', () => {
    const parsed = parseBase(`filters: '/^(a+)+$/.matches(note.t)'\n`);
    expect(parsed.ok ? null : [parsed.error.code, parsed.error.details?.construct]).toEqual(['base_unsupported', '/^(a+)+$/']);
  });

  it('checks regular expressions in formulas and in replace() and split() too', () => {
    for (const text of ['formulas:\n  x: \'t.replace(/(x+)+y/g, "")\'\n', 'formulas:\n  x: \'t.split(/(a|ab)*/)\'\n']) {
      const parsed = parseBase(text);
      expect(parsed.ok ? null : parsed.error.code).toBe('base_unsupported');
    }
  });
});

describe('a regular expression runs on at most 10,000 characters', () => {
  let vault: ExpressionVault;
  beforeAll(async () => {
    vault = await openExpressionVault();
  });
  afterAll(async () => {
    await vault.dispose();
  });

  it('matches(), replace() and split() on 10,000 characters', () => {
    expectValue(vault, '/a$/.matches("a".repeat(10000))', true);
    expectValue(vault, '"a".repeat(10000).replace(/a/g, "").length', 0);
    expectValue(vault, '"a,".repeat(5000).split(/,/).length', 5001);
  });

  it.each(['/a$/.matches("a".repeat(10000) + "a")', '("a".repeat(10000) + "a").replace(/a/, "")', '("a".repeat(10000) + "a").split(/,/)'])('%s fails its row', (source) => {
    expectEvaluationError(vault, source, 'on at most 10000 characters');
  });

  it('a pattern of cubic cost runs on at most 464 characters (10,000 a\'s ran for minutes)', () => {
    expectValue(vault, '/a*a*b/.matches("a".repeat(464))', false);
    expectEvaluationError(vault, '/a*a*b/.matches("a".repeat(465))', 'runs /a*a*b/ on at most 464 characters; this text has 465');
  });

  it('a failing row is reported, the query goes on', async () => {
    const host = new MemoryHost({ 'a.md': { frontmatter: { t: 'x'.repeat(20_000) } }, 'b.md': { frontmatter: { t: 'xy' } } });
    const result = await runBase(host, "filters: '/y$/.matches(t)'\n");
    expect([result.rows.map((row) => row.path), result.problems.count, result.problems.listed[0]?.path]).toEqual([['b.md'], 1, 'a.md']);
  });
});
