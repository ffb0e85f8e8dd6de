import { parseBase } from '../../src/core/bases/base/parse-base';
import { expectEvaluationError, expectValue } from './helpers/expectations';
import { openExpressionVault, type ExpressionVault } from './helpers/expression-harness';
import { MemoryHost } from './helpers/memory-host';
import { runBase } from './helpers/run-base';

// Limits that keep one base from crashing the process: expressions nested or chained past what
// the stack holds are base_invalid, formulas calling each other thousands deep fail their rows,
// and text a formula builds is capped at 10 million characters.

describe('deep expressions are base_invalid, not internal errors', () => {
  it.each([
    ['5,000 nested parentheses', `${'('.repeat(5_000)}1${')'.repeat(5_000)}`],
    ['1 + 1 + … with 50,000 terms', Array.from({ length: 50_000 }, () => '1').join('+')],
  ])('%s', (_label, expression) => {
    const parsed = parseBase(`filters: '${expression}'\n`);
    expect(parsed.ok ? null : [parsed.error.code, parsed.error.details?.where]).toEqual(['base_invalid', 'filters']);
  });

  it('a chain of 3,000 formulas each reading the last fails its rows, and the query goes on', async () => {
    const formulas = Array.from({ length: 3_000 }, (_, index) => `  f${index}: '${index === 0 ? '1' : `formula.f${index - 1} + 1`}'`).join('\n');
    const host = new MemoryHost({ 'a.md': {}, 'b.md': {} });
    const result = await runBase(host, `formulas:\n${formulas}\nviews:\n  - type: table\n    order: [file.name, formula.f2999]\n`);
    expect([result.total, result.rows[0]?.values['formula.f2999'], result.problems.count > 0, result.problems.listed[0]?.message]).toEqual([
      2,
      null,
      true,
      'the expression is too deep or builds a value too large to evaluate',
    ]);
  });
});

describe('text a formula builds is capped at 10 million characters', () => {
  let vault: ExpressionVault;
  beforeAll(async () => {
    vault = await openExpressionVault();
  });
  afterAll(async () => {
    await vault.dispose();
  });

  it.each([
    ['"x".repeat(10000).repeat(10000).repeat(100)', '.repeat() would build text of 100000000 characters'],
    ['"x".repeat(10000).repeat(1001)', '.repeat() would build text'],
    ['"x".repeat(10000).repeat(1000) + "y"', '+ would build text of 10000001 characters'],
    ['["x".repeat(10000).repeat(1000), "y"].join("")', '.join() would build text'],
    ['"ab".repeat(5000).repeat(1000).replace("a", "aa")', '.replace() would build text'],
    ['"a".repeat(10000).replace(/a/g, "$&".repeat(2000))', '.replace() would build text'],
  ])('%s fails its row', (source, fragment) => {
    expectEvaluationError(vault, source, fragment);
  });

  it('builds text up to the limit', () => {
    expectValue(vault, '"x".repeat(10000).repeat(1000).length', 10_000_000);
    expectValue(vault, '"ab".repeat(5).replace("a", "xyz")', 'xyzbxyzbxyzbxyzbxyzb');
  });
});
