import fc from 'fast-check';
import { isIndxError } from '../../src/core/errors';
import { applyPatch, MAX_PATCH_PARSED_CHARS } from '../../src/core/markdown/apply-patch';
import { findFrontmatterSpan } from '../../src/core/markdown/frontmatter-span';
import { nullWhenFrontmatterInvalid } from '../../src/core/markdown/null-when-frontmatter-invalid';
import { MAX_PATCH_OPS, type PatchOp } from '../../src/core/markdown/patch-op';
import { readFrontmatter } from '../../src/core/markdown/read-frontmatter';
import { anchoredFrontmatter, bodyLines, frontmatterParts, jsonValue } from './note-arbitraries';
import { thrownIndxError } from './thrown-indx-error';

// applyPatch collects frontmatter edits and appended/prepended markdown and applies each kind in
// one pass (issue 14: 1,000 set_frontmatter ops took 44 s one by one). These tests pin that the
// result, and the error of a failing patch, are exactly those of applying the ops one at a time.

const RUNS = { seed: 20261128, numRuns: 300 };

const closing = fc.constantFrom('---', '---\n', '---\r\n');

/** Notes with or without frontmatter (plain, anchored, empty, invalid), LF or CRLF. */
const note = fc
  .tuple(
    fc.oneof(
      fc.constant(null),
      frontmatterParts.map((parts) => parts.lines),
      anchoredFrontmatter.map((anchored) => anchored.lines),
      fc.constant<string[]>([]),
      fc.constant(['a: [unclosed', 'b: 1']),
    ),
    fc.option(bodyLines, { nil: undefined }),
    fc.constantFrom('\n', '\r\n'),
    closing,
    fc.constantFrom('', '\uFEFF'),
  )
  .map(([frontmatter, body, eol, close, bom]) => {
    const bodyText = body === undefined ? '' : body.join(eol) + eol;
    if (frontmatter === null) return bom + bodyText;
    const block = ['---', ...frontmatter].join(eol) + eol;
    return bom + block + (bodyText === '' ? close.replace(/\r?\n/, eol) : `---${eol}${bodyText}`);
  });

const key = fc.constantFrom('title', 'status', 'tags', 'Owner', 'new.key', 'added', 'a0', 'base', 'p0', 'p1', 'p2', ' bad');
const markdown = fc.constantFrom('New line', '- [ ] task\n', 'Para one\n\nPara two', '---\nx: 1\n---', '   ', 'x ^new-id', '---');
const heading = fc.constantFrom('alpha h0', 'beta h1', 'Gamma h2', 'open h3', 'missing heading');

const op: fc.Arbitrary<PatchOp> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('set_frontmatter' as const), key, value: jsonValue }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('delete_frontmatter' as const), key }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('append_body' as const), markdown }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('prepend_body' as const), markdown }), weight: 3 },
  fc.record({ op: fc.constant('insert_after_heading' as const), heading, markdown }),
  fc.record({ op: fc.constant('replace_section' as const), heading, markdown }),
);

type Outcome = { text: string } | { code: string; opIndex: unknown };

/**
 * What must match: the body byte for byte and the properties as data. (The YAML bytes may differ
 * where one-at-a-time editing was worse: setting a key to a list and then deleting it also
 * deleted a comment line below it, which one pass keeps.)
 */
function meaning(outcome: Outcome): unknown {
  if (!('text' in outcome)) return outcome;
  const span = findFrontmatterSpan(outcome.text);
  const properties = span === null ? null : nullWhenFrontmatterInvalid(() => readFrontmatter(outcome.text)) ?? outcome.text.slice(span.yamlStart, span.yamlEnd);
  return { body: outcome.text.slice(span?.blockEnd ?? 0), properties };
}

function outcome(run: () => string): Outcome {
  try {
    return { text: run() };
  } catch (error: unknown) {
    if (!isIndxError(error)) throw error;
    return { code: error.code, opIndex: error.details['op_index'] };
  }
}

/** The reference: each op applied to the text the ops before it produced. */
function oneAtATime(text: string, ops: readonly PatchOp[]): Outcome {
  let current = text;
  for (const [index, patchOp] of ops.entries()) {
    const step = outcome(() => applyPatch(current, [patchOp]));
    if (!('text' in step)) return { code: step.code, opIndex: index };
    current = step.text;
  }
  return { text: current };
}

describe('applyPatch in one pass', () => {
  it('gives the text (or the first failing op and its code) of applying the ops one at a time', () => {
    fc.assert(
      fc.property(note, fc.array(op, { minLength: 1, maxLength: 12 }), (text, ops) => {
        expect(meaning(outcome(() => applyPatch(text, ops)))).toEqual(meaning(oneAtATime(text, ops)));
      }),
      RUNS,
    );
  });

  it('applies 1,000 frontmatter ops and appends, alternating, on a note of 1,000 properties', () => {
    const yaml = Array.from({ length: 1000 }, (_, index) => `key${index}: value ${index}`).join('\n');
    const ops: PatchOp[] = Array.from({ length: MAX_PATCH_OPS }, (_, index) =>
      index % 2 === 0 ? { op: 'set_frontmatter', key: `key${index}`, value: index } : { op: 'append_body', markdown: `line ${index}` },
    );
    const result = applyPatch(`---\n${yaml}\n---\n# Body\n`, ops);
    expect(result).toContain('\nkey998: 998\nkey999: value 999\n---\n# Body\nline 1\nline 3\n');
    expect(result.endsWith('line 997\nline 999\n')).toBe(true);
  });

  it(`refuses more than ${MAX_PATCH_OPS} ops, and heading ops that would read more than ${MAX_PATCH_PARSED_CHARS} characters, before any work`, () => {
    const tooMany = thrownIndxError(() => applyPatch('text\n', Array.from({ length: 10_000 }, () => ({ op: 'append_body', markdown: 'x' }))));
    expect(tooMany).toMatchObject({ code: 'invalid_input', details: { ops: 10_000, max_ops: MAX_PATCH_OPS } });
    const big = `# Top\n${'word '.repeat(40_000)}\n`;
    const parsing = thrownIndxError(() => applyPatch(big, Array.from({ length: 6 }, () => ({ op: 'insert_after_heading', heading: 'Top', markdown: 'x' }))));
    expect(parsing).toMatchObject({ code: 'invalid_input', details: { parsing_ops: 6, note_length: big.length, max_parsed_chars: MAX_PATCH_PARSED_CHARS } });
    expect(parsing.message).toContain('(4 such ops on this note)');
  });
});
