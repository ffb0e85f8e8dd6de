import { IndxError, isIndxError } from '../errors';
import { appendBody, prependBody } from './body-insert';
import { editFrontmatter, editFrontmatterOrThrow, editFrontmatterSteps, type FailedFrontmatterEdit, type FrontmatterEdit } from './frontmatter-edits';
import { findFrontmatterSpan, type FrontmatterSpan } from './frontmatter-span';
import { insertBlockAt, toInsertedBlock } from './inserted-markdown';
import { detectLineEnding, type LineEnding } from './line-ending';
import { byteOrderMarkLength } from '../metadata/byte-order-mark';
import { opensWithDelimiter } from '../metadata/frontmatter';
import { insertAfterHeading, insertBeforeHeading } from './insert-at-heading';
import { MAX_PATCH_OPS, patchOpSchema, type PatchOp } from './patch-op';
import { renameHeading } from './rename-heading';
import { replaceBlock } from './replace-block';
import { replaceSection } from './replace-section';
import { runSteps, type Steps } from '../steps';

/** How a body op changes the note: `span` is the frontmatter block, which body ops never move. */
type BodyOp = Exclude<PatchOp, { op: 'set_frontmatter' | 'delete_frontmatter' }>;

interface BodyHandler<Op extends BodyOp> {
  apply(text: string, op: Op, span: FrontmatterSpan | null): string;
  /** True when the op parses the whole note (to find a heading or block): it counts toward `MAX_PATCH_PARSED_CHARS`. */
  parsesNote: boolean;
}

type BodyHandlers = { [Name in BodyOp['op']]: BodyHandler<Extract<BodyOp, { op: Name }>> };

const handlers: BodyHandlers = {
  append_body: { apply: (text, op, span) => appendBody(text, op.markdown, span), parsesNote: false },
  prepend_body: { apply: (text, op, span) => prependBody(text, op.markdown, span), parsesNote: false },
  insert_before_heading: { apply: (text, op) => insertBeforeHeading(text, op.heading, op.markdown), parsesNote: true },
  insert_after_heading: { apply: (text, op) => insertAfterHeading(text, op.heading, op.markdown), parsesNote: true },
  replace_section: { apply: (text, op) => replaceSection(text, op.heading, op.markdown), parsesNote: true },
  replace_block: { apply: (text, op) => replaceBlock(text, op.block_id, op.markdown), parsesNote: true },
  rename_heading: { apply: (text, op) => renameHeading(text, op.from, op.to), parsesNote: true },
};

/**
 * The most note text the ops of one patch may parse between them: each heading or block op parses
 * the whole note (about 10 MB/s, so this is some 100 ms of work): 10 such ops on a 100 KB note are
 * allowed, 11 are not, and any number on a note of a few KB up to `MAX_PATCH_OPS`.
 */
export const MAX_PATCH_PARSED_CHARS = 1_000_000;

/**
 * Applies note_patch ops in order and returns the new note text. Each op sees the text the
 * previous ops produced (headings and blocks are re-read from it) and changes no byte outside the
 * region it targets. Pure and all-or-nothing: when any op fails, an `IndxError` is thrown (with
 * `op_index` and `op` added to its details, code unchanged) and no change is returned; it is the
 * first op, in order, that fails. An op that does not match `patchOpSchema` fails with
 * `invalid_input`, and so does a patch of more than `MAX_PATCH_OPS` ops or one whose heading and
 * block ops would parse more than `MAX_PATCH_PARSED_CHARS` of text.
 *
 * The cost is linear in the note and the ops. Body ops never touch the frontmatter block and
 * frontmatter ops never touch the body (nor remove the block), so once the note has a block the
 * frontmatter ops are collected and applied together at the end, one `editFrontmatter` call (one
 * YAML parse, print and check) whatever their number and order; the block's place is found once.
 */
export function applyPatch(text: string, ops: readonly PatchOp[]): string {
  return runSteps(applyPatchSteps(text, ops));
}

/** Ops between two steps when none of them parses the note. */
const OPS_PER_STEP = 100;

/** {@link applyPatch} in steps: a step ends after every op that parses the note, every {@link OPS_PER_STEP} ops, and inside the final frontmatter edit. */
export function* applyPatchSteps(text: string, ops: readonly PatchOp[]): Steps<string> {
  if (ops.length > MAX_PATCH_OPS) throw tooManyOps(ops.length);
  const parsing = ops.filter((op) => isParsingOp(op)).length;
  if (parsing * text.length > MAX_PATCH_PARSED_CHARS) throw tooMuchParsing(parsing, text.length);
  const patch = new PatchRun(text);
  for (const [index, op] of ops.entries()) {
    patch.apply(op, index);
    if (isParsingOp(op) || index % OPS_PER_STEP === OPS_PER_STEP - 1) yield;
  }
  return yield* patch.finish();
}

function isParsingOp(op: PatchOp): boolean {
  const handler = Object.prototype.hasOwnProperty.call(handlers, op.op) ? handlers[op.op as BodyOp['op']] : undefined;
  return handler?.parsesNote === true;
}

/**
 * One patch being applied. Frontmatter edits wait in `pending` once the note has a block;
 * appended and prepended markdown waits in `tail` and `head` (when that cannot change where the
 * block is) and goes in with one copy of the note when another op needs the text.
 */
class PatchRun {
  private span: FrontmatterSpan | null;
  private readonly lineEnding: LineEnding;
  private readonly pending: { edit: FrontmatterEdit; index: number }[] = [];
  private head: string[] = [];
  private tail: string[] = [];
  private body: string;

  constructor(text: string) {
    this.body = text;
    this.span = findFrontmatterSpan(text);
    this.lineEnding = detectLineEnding(text);
  }

  /**
   * Body ops insert after the block, so its place stays put, except when the closing `---` ends
   * the text without a line break: the first insert adds one, and the block then ends after it.
   * Such a span is looked up again after each body op, and nothing is collected meanwhile.
   */
  private spanIsFinal(): boolean {
    return this.span === null || this.body.charCodeAt(this.span.blockEnd - 1) === 10;
  }

  /** The note text with every body op so far (frontmatter edits still pending). */
  private get text(): string {
    if (this.head.length > 0) {
      const at = this.span?.blockEnd ?? byteOrderMarkLength(this.body);
      this.body = insertBlockAt(this.body, at, this.head.reverse().join(''), this.lineEnding);
      this.head = [];
    }
    if (this.tail.length > 0) {
      this.body = insertBlockAt(this.body, this.body.length, this.tail.join(''), this.lineEnding);
      this.tail = [];
    }
    return this.body;
  }

  private set text(value: string) {
    this.body = value;
  }

  apply(input: PatchOp, index: number): void {
    let op: PatchOp;
    try {
      op = validated(input, index);
    } catch (error: unknown) {
      throw this.earlierFailure() ?? error;
    }
    try {
      if (op.op === 'set_frontmatter' || op.op === 'delete_frontmatter') this.editFrontmatter(op, index);
      else this.editBody(op);
    } catch (error: unknown) {
      if (!isIndxError(error)) throw error;
      throw this.earlierFailure() ?? (error.details['op_index'] === index ? error : opFailure(error, index, op.op));
    }
  }

  /** The patched text; the collected frontmatter edits go in here (one parse, print and check). */
  *finish(): Steps<string> {
    if (this.pending.length === 0) return this.text;
    const result = yield* editFrontmatterSteps(this.text, this.pending.map((entry) => entry.edit));
    if (result.ok) return result.value;
    throw this.asOpFailure(result.error);
  }

  private editFrontmatter(op: Extract<PatchOp, { op: 'set_frontmatter' | 'delete_frontmatter' }>, index: number): void {
    const edit: FrontmatterEdit = op.op === 'set_frontmatter' ? { key: op.key, value: op.value } : { key: op.key, delete: true };
    if (this.span !== null) {
      this.pending.push({ edit, index });
      return;
    }
    // No block yet: a set creates it (a delete is a no-op), and later ops are collected.
    this.text = editFrontmatterOrThrow(this.text, [edit]);
    this.span = findFrontmatterSpan(this.text);
  }

  private editBody(op: BodyOp): void {
    const final = this.spanIsFinal();
    if (final && op.op === 'append_body' && this.appendsAtEnd()) {
      this.tail.push(toInsertedBlock(op.markdown, this.lineEnding, op.op));
      return;
    }
    if (final && op.op === 'prepend_body' && this.span !== null) {
      this.head.push(toInsertedBlock(op.markdown, this.lineEnding, op.op));
      return;
    }
    this.text = (handlers[op.op] as BodyHandler<BodyOp>).apply(this.text, op, this.span);
    if (!final) this.span = findFrontmatterSpan(this.body);
  }

  // Markdown added at the end cannot make a frontmatter block when the note has one already, or
  // when its first line is there and is not a `---` line.
  // (Collected appends never change the first line of a note that has one, so `body` is enough.)
  private appendsAtEnd(): boolean {
    if (this.span !== null) return true;
    return this.body.length > byteOrderMarkLength(this.body) && !opensWithDelimiter(this.body);
  }

  /** The failure of the collected frontmatter edits, as the op that caused it; null when they apply. */
  private earlierFailure(): IndxError | null {
    if (this.pending.length === 0) return null;
    const result = editFrontmatter(this.text, this.pending.map((entry) => entry.edit));
    return result.ok ? null : this.asOpFailure(result.error);
  }

  /** A refused collected edit, as the failure of the op it came from. */
  private asOpFailure(failed: FailedFrontmatterEdit): IndxError {
    const entry = this.pending[failed.index] as { edit: FrontmatterEdit; index: number };
    return opFailure(failed.error, entry.index, 'delete' in entry.edit ? 'delete_frontmatter' : 'set_frontmatter');
  }
}

function tooManyOps(count: number): IndxError {
  return new IndxError('invalid_input', `The patch has ${count} ops; at most ${MAX_PATCH_OPS} are allowed in one call. Split it into several note_patch calls, or rewrite the note with note_write. Nothing was applied.`, {
    ops: count,
    max_ops: MAX_PATCH_OPS,
  });
}

function tooMuchParsing(parsing: number, noteLength: number): IndxError {
  const most = Math.max(1, Math.floor(MAX_PATCH_PARSED_CHARS / Math.max(noteLength, 1)));
  return new IndxError(
    'invalid_input',
    `The patch has ${parsing} heading or block ops on a note of ${noteLength} characters; each reads the whole note, and one patch may read at most ${MAX_PATCH_PARSED_CHARS} characters in all (${most} such ops on this note). Split it into several note_patch calls, or rewrite the note with note_write. Nothing was applied.`,
    { parsing_ops: parsing, note_length: noteLength, max_parsed_chars: MAX_PATCH_PARSED_CHARS },
  );
}

function opFailure(error: IndxError, index: number, op: PatchOp['op']): IndxError {
  const message = `Op ${index + 1} of the patch (${op}) failed, so nothing was applied: ${error.message}`;
  return new IndxError(error.code, message, { ...error.details, op_index: index, op }, { cause: error });
}

function validated(op: PatchOp, index: number): PatchOp {
  const result = patchOpSchema.safeParse(op);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  throw new IndxError('invalid_input', `Op ${index + 1} of the patch is not a valid note_patch op: ${issues.map((issue) => `${issue.path || 'op'}: ${issue.message}`).join('; ')}. Nothing was applied.`, {
    op_index: index,
    issues,
  });
}
