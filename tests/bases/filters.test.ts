import { MemoryHost } from './helpers/memory-host';
import { runBase } from './helpers/run-base';

// A filter statement that fails to evaluate leaves its row out, whatever group holds it: a
// `not` no longer turns the failure (once read as false) into a pass. The failure is reported.

const FILES = { 'a.md': { frontmatter: { n: 5 } }, 'b.md': { frontmatter: { n: 'text' } }, 'c.md': {} };

async function rowsAndProblems(filters: string): Promise<[string[], number]> {
  const result = await runBase(new MemoryHost(FILES), filters);
  return [result.rows.map((row) => row.path), result.problems.count];
}

describe('filters with statements that fail on some rows', () => {
  // n.abs() fails on b.md (a string has no abs()); on c.md n is null, so it is null.
  it('a failing statement leaves the row out', async () => {
    expect(await rowsAndProblems("filters: 'n.abs() > 1'\n")).toEqual([['a.md'], 1]);
  });

  it('a failing statement under not leaves the row out too', async () => {
    expect(await rowsAndProblems("filters:\n  not:\n    - 'n.abs() > 1'\n")).toEqual([['c.md'], 1]);
  });

  it('under nested not and or', async () => {
    expect(await rowsAndProblems("filters:\n  not:\n    - or:\n        - 'n.abs() > 100'\n        - 'file.name == \"x\"'\n")).toEqual([['a.md', 'c.md'], 1]);
  });

  it('a statement not evaluated (an or already passed) does not fail the row', async () => {
    expect(await rowsAndProblems("filters:\n  or:\n    - 'file.ext == \"md\"'\n    - 'n.abs() > 1'\n")).toEqual([['a.md', 'b.md', 'c.md'], 0]);
  });
});
