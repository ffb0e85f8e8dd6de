import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IndxError } from '../../src/core/errors';
import { applyPatch, applyPatchSteps } from '../../src/core/markdown/apply-patch';
import { replaceFrontmatter, replaceFrontmatterSteps } from '../../src/core/markdown/replace-frontmatter';
import { parseMetadata, parseMetadataSliced } from '../../src/core/metadata/parse-metadata';
import type { OperationContext } from '../../src/core/ops/operation-context';
import { chunkNote, splitNoteSteps } from '../../src/core/search/chunking/chunk-note';
import { LexicalIndex } from '../../src/core/search/index/lexical-index';
import { toNoteInput } from '../../src/core/search/index/note-input';
import { DEFAULT_BM25 } from '../../src/core/search/query/bm25-parameters';
import { searchLexical } from '../../src/core/search/query/lexical-search';
import { ScoringScratch } from '../../src/core/search/query/scoring-scratch';
import { runSteps, type Steps } from '../../src/core/steps';
import { mutateFileInSteps } from '../../src/core/vault/mutate-file';
import { expectIndxError } from '../helpers/expect-error';
import { createTempVault } from '../helpers/temp-vault';

// Long edits, parses and index updates run in steps so a caller can give the thread back between
// them (issue 14: no request may hold the event loop). These tests pin that the work is cut and
// that the cut work gives exactly what the work in one go gives.

/** Runs `steps` to the end, counting the steps. */
function countSteps<T>(steps: Steps<T>): { value: T; steps: number } {
  let count = 0;
  for (;;) {
    const next = steps.next();
    if (next.done === true) return { value: next.value, steps: count };
    count += 1;
  }
}

function keys(count: number, prefix = 'key'): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_unused, index) => [`${prefix}${index}`, `value ${index}`]));
}

const MARKDOWNISH = ['# H', '## Sub', 'text [[Link]] #tag', '- item', '  - nested ^b1', '> quote', '```\ncode\n```', '| a | b |\n| - | - |\n| 1 | 2 |', '[^1]: note', '---', '', '%% c %%', '![[pic.png]]'];
const note = fc.array(fc.constantFrom(...MARKDOWNISH), { maxLength: 40 }).map((lines) => lines.join('\n'));

describe('work in steps', () => {
  it('parses a note in slices to exactly the metadata of one parse, pausing once per root block', async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(fc.constant('---\ntags: [a]\nlink: "[[X]]"\n---\n'), { nil: '' }), note, async (frontmatter, body) => {
        const text = frontmatter + body;
        let pauses = 0;
        const sliced = await parseMetadataSliced(text, () => {
          pauses += 1;
          return Promise.resolve();
        });
        const whole = parseMetadata(text);
        expect(sliced).toEqual(whole);
        expect(pauses).toBe((whole.sections ?? []).filter((section) => section.type !== 'yaml').length);
      }),
      { seed: 1414, numRuns: 200 },
    );
  });

  it('cuts a 1,000-key frontmatter replacement into steps and gives the one-go result', () => {
    const text = `---\n${Object.entries(keys(1000)).map(([key, value]) => `${key}: ${value}`).join('\n')}\n---\nBody\n`;
    const wanted = { ...keys(500), ...keys(500, 'other') };
    const { value, steps } = countSteps(replaceFrontmatterSteps(text, wanted));
    expect(value).toBe(replaceFrontmatter(text, wanted));
    // Parse, four runs of 250 edits (500 deletes, 500 sets), print: the check comes after the last step.
    expect(steps).toBeGreaterThanOrEqual(6);
  });

  it('cuts a patch of 1,000 ops into steps and gives the one-go result', () => {
    const text = '---\nstatus: draft\n---\n# Log\n';
    const ops = Array.from({ length: 1000 }, (_unused, index) => (index % 2 === 0 ? { op: 'set_frontmatter' as const, key: `k${index}`, value: index } : { op: 'append_body' as const, markdown: `line ${index}` }));
    const { value, steps } = countSteps(applyPatchSteps(text, ops));
    expect(value).toBe(applyPatch(text, ops));
    expect(steps).toBeGreaterThanOrEqual(10);
  });

  it('cuts a long note into chunks a few at a time, giving the one-go chunks', () => {
    const text = Array.from({ length: 200 }, (_unused, index) => `## Part ${index}\n\nWords about part ${index}.\n`).join('\n');
    const { value, steps } = countSteps(splitNoteSteps('Long.md', text));
    expect(value.chunks).toEqual(chunkNote('Long.md', text));
    expect(steps).toBe(Math.floor(value.chunks.length / 16));
  });

  it('keeps the indexed version of a note searchable until the last step of its update', () => {
    const index = new LexicalIndex();
    const indexInput = (text: string) => {
      const cache = parseMetadata(text);
      return toNoteInput('N.md', chunkNote('N.md', text, cache), cache, { mtime: 1, size: text.length });
    };
    const hits = (word: string) => searchLexical(index, { text: word, offset: 0, limit: 10 }, DEFAULT_BM25, new ScoringScratch()).hits.map((hit) => hit.path);
    index.upsert(indexInput('# One\nold comet\n'));
    const steps = index.upsertInSteps(indexInput('# One\nnew nebula\n# Two\nnew nebula again\n# Three\nnebula\n'));
    steps.next();
    expect(hits('comet')).toEqual(['N.md']);
    expect(hits('nebula')).toEqual([]);
    // Another update may not start while this one is under way: they share the term counters.
    expect(() => runSteps(index.upsertInSteps(indexInput('other')))).toThrow(/in progress/);
    while (steps.next().done !== true);
    expect(hits('comet')).toEqual([]);
    expect(hits('nebula')).toEqual(['N.md']);
    expect(index.liveNotes).toBe(1);
  });
});

describe('a write prepared in steps, then committed atomically', () => {
  async function withVault(run: (context: OperationContext, root: string) => Promise<void>): Promise<void> {
    const vault = await createTempVault({ 'N.md': 'first\n' });
    const context = { host: vault.host, etag: (text: string) => vault.engine.etag(text), audit: { record: () => undefined, recordInvocation: () => undefined }, actor: 'test', clock: () => 0 } as unknown as OperationContext;
    try {
      await run(context, vault.root);
    } finally {
      await vault.dispose();
    }
  }

  it('redoes the edit on the newer text when the note changed while it was prepared', async () => {
    await withVault(async (context, root) => {
      const seen: string[] = [];
      const result = await mutateFileInSteps(context, 'N.md', 'test', function* (text) {
        seen.push(text);
        // Another writer lands while the edit is being prepared.
        if (seen.length === 1) writeFileSync(join(root, 'N.md'), 'second\n');
        yield;
        return `${text}edited\n`;
      });
      expect(seen).toEqual(['first\n', 'second\n']);
      expect(result.text).toBe('second\nedited\n');
      expect(await readFile(join(root, 'N.md'), 'utf8')).toBe('second\nedited\n');
    });
  });

  it('commits the prepared text without redoing the edit when nothing changed, and throws a prepared refusal as is', async () => {
    await withVault(async (context, root) => {
      let runs = 0;
      await mutateFileInSteps(context, 'N.md', 'test', function* (text) {
        runs += 1;
        yield;
        return `${text}edited\n`;
      });
      expect(runs).toBe(1);
      expect(await readFile(join(root, 'N.md'), 'utf8')).toBe('first\nedited\n');
      let refusals = 0;
      await expectIndxError(
        mutateFileInSteps(context, 'N.md', 'test', function* () {
          refusals += 1;
          yield;
          throw new IndxError('invalid_input', 'no', {});
        }),
        'invalid_input',
      );
      expect(refusals).toBe(1);
    });
  });

  it('checks if_match before preparing anything', async () => {
    await withVault(async (context) => {
      let runs = 0;
      await expectIndxError(
        mutateFileInSteps(
          context,
          'N.md',
          'test',
          function* (text) {
            runs += 1;
            yield;
            return text;
          },
          'stale-etag',
        ),
        'etag_mismatch',
      );
      expect(runs).toBe(0);
    });
  });
});

