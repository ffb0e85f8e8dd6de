import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { isIndxError } from '../../src/core/errors';
import { applyPatch } from '../../src/core/markdown/apply-patch';
import { deleteFrontmatterValue, readFrontmatter, setFrontmatterValue } from '../../src/core/markdown/frontmatter-edit';
import type { PatchOp } from '../../src/core/markdown/patch-op';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import type { HeadingCache } from '../../src/core/metadata/types';
import { anchoredFrontmatter, bodyLines, frontmatterParts, jsonValue } from './note-arbitraries';

const RUNS = { seed: 20260503, numRuns: 250 };

const lineEnding = fc.constantFrom('\n', '\r\n');

/** A random note: optional frontmatter with comments, a body with headings, fences, lists. */
const note = fc
  .tuple(fc.option(frontmatterParts, { nil: undefined }), bodyLines, lineEnding, fc.boolean())
  .map(([frontmatter, body, eol, finalBreak]) => {
    const lines = frontmatter ? ['---', ...frontmatter.lines, '---', ...body] : body;
    return lines.join(eol) + (finalBreak ? eol : '');
  });

/** Start offsets of every line of `text`, plus the text length. */
function lineOffsets(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index += 1) if (text[index] === '\n') starts.push(index + 1);
  return starts;
}

/** Where the content of the line that ends just before `nextLineStart` ends (before \n or \r\n). */
function lineContentEnd(text: string, nextLineStart: number): number {
  if (text[nextLineStart - 1] !== '\n') return nextLineStart;
  return text[nextLineStart - 2] === '\r' ? nextLineStart - 2 : nextLineStart - 1;
}

interface Region {
  readonly start: number;
  readonly end: number;
}

/** The byte range an op on `heading` may change, from the heading cache (test oracle). */
function targetRegion(text: string, op: PatchOp['op'], headings: readonly HeadingCache[], index: number): Region {
  const starts = lineOffsets(text);
  const heading = headings[index]!;
  const at = (line: number): number => starts[line] ?? text.length;
  const headingStart = at(heading.position.start.line);
  const afterHeading = at(heading.position.end.line + 1);
  if (op === 'insert_before_heading') return { start: headingStart, end: headingStart };
  if (op === 'insert_after_heading') return { start: afterHeading, end: afterHeading };
  if (op === 'rename_heading') return { start: headingStart, end: lineContentEnd(text, afterHeading) };
  const next = headings.slice(index + 1).find((candidate) => candidate.level <= heading.level);
  return { start: afterHeading, end: next ? at(next.position.start.line) : text.length };
}

type HeadingOpName = 'insert_before_heading' | 'insert_after_heading' | 'replace_section' | 'rename_heading';

const headingOp = fc.record({
  op: fc.constantFrom<HeadingOpName[]>('insert_before_heading', 'insert_after_heading', 'replace_section', 'rename_heading'),
  markdown: fc.constantFrom('New line', '- [ ] task\n', 'Para one\n\nPara two', '\nspaced\n\n', 'x ^new-id'),
  pick: fc.nat(),
});

describe('patch properties', () => {
  it('(1) a heading op changes no byte before or after its target region', () => {
    fc.assert(
      fc.property(note, headingOp, (text, { op, markdown, pick }) => {
        const headings = parseMetadata(text).headings ?? [];
        fc.pre(headings.length > 0);
        const index = pick % headings.length;
        const target = headings[index]!;
        const patch: PatchOp =
          op === 'rename_heading' ? { op, from: target.heading, to: 'Renamed heading' } : { op, heading: target.heading, markdown };
        const result = applyPatch(text, [patch]);
        const region = targetRegion(text, op, headings, index);
        expect(result.slice(0, region.start)).toBe(text.slice(0, region.start));
        expect(result.slice(result.length - (text.length - region.end))).toBe(text.slice(region.end));
        expect(result.length - (text.length - region.end)).toBeGreaterThanOrEqual(region.start);
      }),
      RUNS,
    );
  });

  it('(1b) append_body / prepend_body only add bytes at the end / after the frontmatter', () => {
    fc.assert(
      fc.property(note, fc.constantFrom('tail', '- item\n', 'a\n\nb'), (text, markdown) => {
        const appended = applyPatch(text, [{ op: 'append_body', markdown }]);
        expect(appended.startsWith(text)).toBe(true);
        const yaml = parseMetadata(text).sections?.find((section) => section.type === 'yaml');
        const bodyStart = yaml ? (lineOffsets(text)[yaml.position.end.line + 1] ?? text.length) : 0;
        const prepended = applyPatch(text, [{ op: 'prepend_body', markdown }]);
        expect(prepended.startsWith(text.slice(0, bodyStart))).toBe(true);
        expect(prepended.endsWith(text.slice(bodyStart))).toBe(true);
      }),
      RUNS,
    );
  });

  it('(2) a frontmatter set/delete keeps every comment line and every untouched key byte-identical', () => {
    const change = fc.record({ remove: fc.boolean(), key: fc.constantFrom('title', 'status', 'tags', 'new_key', 'Owner', 'note.type'), value: jsonValue });
    fc.assert(
      fc.property(frontmatterParts, bodyLines, lineEnding, change, ({ entries, lines }, body, eol, { remove, key, value }) => {
        const bodyText = body.join(eol) + eol;
        const text = ['---', ...lines, '---'].join(eol) + eol + bodyText;
        const result = remove ? deleteFrontmatterValue(text, key) : setFrontmatterValue(text, key, value);
        const resultLines = result.split(eol);
        const comments = lines.filter((line) => line.startsWith('#'));
        expect(resultLines.filter((line) => line.startsWith('#') && comments.includes(line))).toEqual(comments);
        for (const entry of entries.filter((candidate) => candidate.key !== key)) {
          expect(result).toContain(eol + entry.lines.join(eol) + eol);
        }
        expect(result.endsWith(`${eol}---${eol}${bodyText}`)).toBe(true);
        expect(result.startsWith(`---${eol}`)).toBe(true);
      }),
      RUNS,
    );
  });

  it('(3) setting a frontmatter value then reading it returns the same value, other keys unchanged', () => {
    const key = fc.string({ minLength: 1, maxLength: 12 }).filter((candidate) => candidate.trim() === candidate && !/[\r\n]/.test(candidate));
    fc.assert(
      fc.property(frontmatterParts, fc.boolean(), key, jsonValue, ({ lines }, withFrontmatter, name, value) => {
        const text = withFrontmatter ? ['---', ...lines, '---', '# Body', ''].join('\n') : '# Body\n';
        const before = readFrontmatter(text) ?? {};
        const after = readFrontmatter(setFrontmatterValue(text, name, value));
        expect(after?.[name]).toEqual(value);
        expect({ ...after, [name]: undefined }).toEqual({ ...before, [name]: undefined });
      }),
      RUNS,
    );
  });

  it('(3b) a set/delete on frontmatter with YAML anchors yields valid YAML with untouched keys unchanged, or is refused and changes nothing', () => {
    const change = fc.record({ remove: fc.boolean(), pick: fc.nat(), value: jsonValue });
    fc.assert(
      fc.property(anchoredFrontmatter, lineEnding, change, ({ entries, lines }, eol, { remove, pick, value }) => {
        const text = ['---', ...lines, '---', '# Body', ''].join(eol);
        const keys = [...entries.map((entry) => entry.key), 'new_key'];
        const key = keys[pick % keys.length]!;
        const before = readFrontmatter(text)!;
        const present = Object.prototype.hasOwnProperty.call(before, key);
        const changes = remove ? present : !(present && isDeepStrictEqual(before[key], value));
        const defines = entries.find((entry) => entry.key === key)?.defines ?? [];
        const aliased = entries.some((entry) => entry.key !== key && entry.uses.some((anchor) => defines.includes(anchor)));
        const ops: PatchOp[] = [remove ? { op: 'delete_frontmatter', key } : { op: 'set_frontmatter', key, value }, { op: 'append_body', markdown: 'after' }];
        let result: string;
        try {
          result = applyPatch(text, ops);
        } catch (error: unknown) {
          // Refused: the whole patch fails, so the caller keeps the original text.
          if (!isIndxError(error, 'frontmatter_invalid')) throw error;
          expect({ refused: true, changes, aliased, key: error.details['key'], op_index: error.details['op_index'] }).toEqual({ refused: true, changes: true, aliased: true, key, op_index: 0 });
          return;
        }
        expect({ refused: false, changes, aliased }).not.toEqual({ refused: false, changes: true, aliased: true });
        const after = readFrontmatter(result)!;
        expect(parseMetadata(result).frontmatter ?? {}).toEqual(after);
        for (const other of Object.keys(before).filter((name) => name !== key)) expect(after[other]).toEqual(before[other]);
        if (remove) expect(Object.prototype.hasOwnProperty.call(after, key)).toBe(false);
        else expect(after[key]).toEqual(value);
      }),
      RUNS,
    );
  });

  it('(4) ops with no effect return byte-identical text', () => {
    fc.assert(
      fc.property(note, fc.nat(), (text, pick) => {
        const headings = parseMetadata(text).headings ?? [];
        const frontmatter = readFrontmatter(text) ?? {};
        const ops: PatchOp[] = [{ op: 'delete_frontmatter', key: 'absent-key' }];
        const heading = headings[pick % Math.max(headings.length, 1)];
        if (heading) ops.push({ op: 'rename_heading', from: heading.heading, to: heading.heading });
        const [key] = Object.keys(frontmatter);
        if (key !== undefined) ops.push({ op: 'set_frontmatter', key, value: frontmatter[key] });
        expect(applyPatch(text, ops)).toBe(text);
      }),
      RUNS,
    );
  });
});
