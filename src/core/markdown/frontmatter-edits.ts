import { isScalar, type Document, type Pair } from 'yaml';
import { IndxError, isIndxError } from '../errors';
import { err, ok, type Result } from '../result';
import { checkEditedYaml } from './checked-frontmatter-edit';
import { frontmatterDocumentToObject, parseFrontmatterDocument } from './frontmatter-document';
import { prependFrontmatterBlock } from './frontmatter-block';
import { assertFrontmatterKey, assertFrontmatterValue } from './frontmatter-input';
import { findPairLines, findTopLevelPair, pairStyleOf, serializePair, type PairLines } from './frontmatter-pair';
import { findFrontmatterSpan, type FrontmatterSpan } from './frontmatter-span';
import { appendYamlLine, isSpliceable, keptInlineComment } from './frontmatter-splice';
import { detectLineEnding, type LineEnding } from './line-ending';
import { createLineIndex, type LineIndex } from './line-index';
import { nullWhenFrontmatterInvalid } from './null-when-frontmatter-invalid';
import { isSameValue } from './same-value';
import { frontmatterStringifyOptions } from './yaml-style';
import { runSteps, type Steps } from '../steps';

/** One change to a top-level property: set it to `value`, or delete it. */
export type FrontmatterEdit = { readonly key: string; readonly value: unknown } | { readonly key: string; readonly delete: true };

/** Why a list of edits was refused: the index of the edit to blame, and the error. */
export interface FailedFrontmatterEdit {
  readonly index: number;
  readonly error: IndxError;
}

/**
 * Applies property edits in order to a note's frontmatter and returns the new note text, in time
 * linear in the note and the edits: the YAML is parsed once, each edit rewrites only its
 * property's lines (kept in a table, so later edits see earlier ones), the result is printed once
 * and checked once (it must parse and give every property the value the edits leave it; see
 * `checkEditedYaml`). Editing one key at a time re-parsed and re-checked the whole block per edit,
 * which took 39 s for 1,000 keys.
 *
 * What each edit does, byte for byte, is what `setFrontmatterValue` and `deleteFrontmatterValue`
 * document: an existing key keeps its place, quoting and trailing comment; a new key (or one
 * deleted earlier in the list) goes at the end; setting the value a key has changes nothing;
 * deleting an absent key is a no-op; a note without frontmatter gets a new block when a key is
 * set. Flow-style YAML (`{a: 1}`) or keys not at the line start are edited through the parsed
 * document and printed whole. Fails (nothing applied) with the index of the edit to blame:
 * `invalid_input` for an unusable key or value, `frontmatter_invalid` when the YAML does not
 * parse (or, for a set, does not resolve) or the edits would break it, e.g. by removing an
 * anchor another property still aliases.
 */
export function editFrontmatter(text: string, edits: readonly FrontmatterEdit[]): Result<string, FailedFrontmatterEdit> {
  return runSteps(editFrontmatterSteps(text, edits));
}

/** {@link editFrontmatter} in steps: parse, edits, print and check each end a step. */
export function* editFrontmatterSteps(text: string, edits: readonly FrontmatterEdit[]): Steps<Result<string, FailedFrontmatterEdit>> {
  const invalid = firstInputProblem(edits);
  // Edits are checked in order: the ones before an unusable input may fail first.
  if (invalid !== null) {
    const before = invalid.index === 0 ? ok(text) : editFrontmatter(text, edits.slice(0, invalid.index));
    return before.ok ? err(invalid) : before;
  }
  const lineEnding = detectLineEnding(text);
  const span = findFrontmatterSpan(text);
  if (span === null) return ok(createBlock(text, edits, lineEnding));
  const yaml = text.slice(span.yamlStart, span.yamlEnd);
  const parsed = parseForEdit(yaml);
  if (!parsed.ok) return err({ index: 0, error: parsed.error });
  yield;
  const edited = yield* editParsedSteps(parsed.value, yaml, edits, lineEnding);
  if (!edited.ok) return edited;
  return ok(edited.value === yaml ? text : spliced(text, span, edited.value));
}

/**
 * `editFrontmatter` with the edits derived from the note's current properties, parsing the YAML
 * once for both (`replaceFrontmatter` deletes every key it was not given). Null when the note has
 * no frontmatter block, or one whose YAML does not parse or resolve: the caller decides then.
 */
export function editFrontmatterFrom(text: string, editsFor: EditsFor): Result<string, FailedFrontmatterEdit> | null {
  return runSteps(editFrontmatterFromSteps(text, editsFor));
}

/** The current properties → the edits to apply to them. */
export type EditsFor = (current: Readonly<Record<string, unknown>>) => readonly FrontmatterEdit[];

/** {@link editFrontmatterFrom} in steps: parse, edits, print and check each end a step. */
export function* editFrontmatterFromSteps(text: string, editsFor: EditsFor): Steps<Result<string, FailedFrontmatterEdit> | null> {
  const span = findFrontmatterSpan(text);
  if (span === null) return null;
  const yaml = text.slice(span.yamlStart, span.yamlEnd);
  const parsed = parseForEdit(yaml);
  if (!parsed.ok || parsed.value.values === null) return null;
  const edits = editsFor(parsed.value.values);
  // An unusable input: the one-list path finds which edit fails first (a rare error path).
  if (firstInputProblem(edits) !== null) return editFrontmatter(text, edits);
  yield;
  const edited = yield* editParsedSteps(parsed.value, yaml, edits, detectLineEnding(text));
  if (!edited.ok) return edited;
  return ok(edited.value === yaml ? text : spliced(text, span, edited.value));
}

/** `editFrontmatter`, throwing the refused edit's error. */
export function editFrontmatterOrThrow(text: string, edits: readonly FrontmatterEdit[]): string {
  const result = editFrontmatter(text, edits);
  if (!result.ok) throw result.error.error;
  return result.value;
}

function firstInputProblem(edits: readonly FrontmatterEdit[]): FailedFrontmatterEdit | null {
  for (const [index, edit] of edits.entries()) {
    const error = inputProblem(edit);
    if (error !== null) return { index, error };
  }
  return null;
}

function inputProblem(edit: FrontmatterEdit): IndxError | null {
  try {
    assertFrontmatterKey(edit.key);
    if (!('delete' in edit)) assertFrontmatterValue(edit.key, edit.value);
    return null;
  } catch (error: unknown) {
    if (isIndxError(error)) return error;
    throw error;
  }
}

// A note without frontmatter: deletes are no-ops, sets build the block (only when one was set).
function createBlock(text: string, edits: readonly FrontmatterEdit[], lineEnding: LineEnding): string {
  if (edits.every((edit) => 'delete' in edit)) return text;
  const pairs = new Map<string, unknown>();
  for (const edit of edits) {
    if ('delete' in edit) pairs.delete(edit.key);
    else pairs.set(edit.key, edit.value);
  }
  const options = frontmatterStringifyOptions();
  const yaml = [...pairs].map(([key, value]) => serializePair(key, value, options, lineEnding) + lineEnding).join('');
  return prependFrontmatterBlock(text, yaml, lineEnding);
}

function spliced(text: string, span: FrontmatterSpan, yaml: string): string {
  return text.slice(0, span.yamlStart) + yaml + text.slice(span.yamlEnd);
}

/** The frontmatter's YAML parsed for editing, and its values (null when they do not resolve). */
interface ParsedYaml {
  document: Document;
  values: Record<string, unknown> | null;
}

function parseForEdit(yaml: string): Result<ParsedYaml, IndxError> {
  let document: Document;
  try {
    document = parseFrontmatterDocument(yaml);
  } catch (error: unknown) {
    if (!isIndxError(error)) throw error;
    return err(error);
  }
  return ok({ document, values: nullWhenFrontmatterInvalid(() => frontmatterDocumentToObject(document)) });
}

/** Edits between two steps: each rewrites one property's lines, so a step stays short. */
const EDITS_PER_STEP = 250;

function* editParsedSteps({ document, values }: ParsedYaml, yaml: string, edits: readonly FrontmatterEdit[], lineEnding: LineEnding): Steps<Result<string, FailedFrontmatterEdit>> {
  const unresolved = values === null ? edits.findIndex((edit) => !('delete' in edit)) : -1;
  // A set needs the current values (to leave an equal value alone); YAML whose aliases do not
  // resolve can only be repaired by deleting the broken property first.
  if (unresolved !== -1) return err({ index: unresolved, error: resolveError(document) });
  const current = new Map(Object.entries(values ?? {}));
  const lines = createLineIndex(yaml);
  const table = isSpliceable(document, lines) ? new PairTable(document, yaml, lines, lineEnding) : new WholeDocument(document.clone(), yaml, lineEnding);
  const changed: number[] = [];
  for (const [index, edit] of edits.entries()) {
    if ('delete' in edit) {
      if (table.remove(edit.key)) changed.push(index);
      current.delete(edit.key);
    } else if (!(current.has(edit.key) && isSameValue(current.get(edit.key), edit.value))) {
      table.write(edit.key, edit.value);
      current.set(edit.key, edit.value);
      changed.push(index);
    }
    if (index % EDITS_PER_STEP === EDITS_PER_STEP - 1) yield;
  }
  if (changed.length === 0) return ok(yaml);
  const edited = printed(table);
  if (edited === yaml) return ok(yaml);
  yield;
  // The original document stays as parsed (the whole-document path edits a clone): a refusal
  // names the anchors it sets.
  const failure = checkEditedYaml(document, values !== null, edited, current, edits, changed);
  return failure === null && edited !== undefined ? ok(edited) : err(failure as FailedFrontmatterEdit);
}

function printed(table: EditTable): string | undefined {
  try {
    return table.print();
  } catch (error: unknown) {
    if (isIndxError(error)) throw error;
    return undefined;
  }
}

function resolveError(document: Document): IndxError {
  try {
    frontmatterDocumentToObject(document);
  } catch (error: unknown) {
    if (isIndxError(error)) return error;
    throw error;
  }
  return new IndxError('frontmatter_invalid', 'The note\'s frontmatter YAML cannot be resolved.', {});
}

/** Where edits collect before the YAML is printed. */
interface EditTable {
  /** Writes `key: value`, in place when the key exists, else at the end. */
  write(key: string, value: unknown): void;
  /** Removes the key; false when it was absent. */
  remove(key: string): boolean;
  print(): string;
}

interface OriginalPair {
  readonly located: PairLines;
  /** The new text of the pair's lines; null once deleted; undefined while untouched. */
  text?: string | null;
}

/** Edits spliced into the original YAML's lines: the shape Obsidian writes (keys at column 0). */
class PairTable implements EditTable {
  private readonly original = new Map<string, OriginalPair>();
  private readonly order: OriginalPair[] = [];
  private readonly added = new Map<string, string>();
  private readonly options;

  constructor(
    document: Document,
    private readonly yaml: string,
    private readonly lines: LineIndex,
    private readonly lineEnding: LineEnding,
  ) {
    this.options = frontmatterStringifyOptions(yaml);
    const items = (document.contents as { items?: Pair[] } | null)?.items ?? [];
    for (const pair of items) {
      const located = findPairLines(pair, lines);
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      // The first of two keys that print alike (`1:` and `"1":`) is the one an edit finds.
      if (located === undefined || key === undefined || this.original.has(key)) continue;
      const entry: OriginalPair = { located };
      this.original.set(key, entry);
      this.order.push(entry);
    }
  }

  write(key: string, value: unknown): void {
    const entry = this.original.get(key);
    if (entry !== undefined && entry.text !== null) {
      entry.text = serializePair(key, value, this.options, this.lineEnding, pairStyleOf(entry.located.pair));
      return;
    }
    this.added.set(key, serializePair(key, value, this.options, this.lineEnding));
  }

  remove(key: string): boolean {
    if (this.added.delete(key)) return true;
    const entry = this.original.get(key);
    if (entry === undefined || entry.text === null) return false;
    entry.text = null;
    return true;
  }

  print(): string {
    const parts: string[] = [];
    let cursor = 0;
    for (const entry of this.order) {
      if (entry.text === undefined) continue;
      const { firstLine, lastLine } = entry.located;
      parts.push(this.yaml.slice(cursor, this.lines.start(firstLine)));
      if (entry.text === null) {
        cursor = this.lines.next(lastLine);
        continue;
      }
      const lineEnd = this.lines.contentEnd(lastLine);
      parts.push(entry.text + keptInlineComment(this.yaml, entry.located, lineEnd, entry.text));
      cursor = lineEnd;
    }
    parts.push(this.yaml.slice(cursor));
    return [...this.added.values()].reduce((yaml, line) => appendYamlLine(yaml, line, this.lineEnding), parts.join(''));
  }
}

/** Edits through the parsed document, printed whole: for YAML that cannot be spliced by lines. */
class WholeDocument implements EditTable {
  constructor(
    private readonly document: Document,
    private readonly yaml: string,
    private readonly lineEnding: LineEnding,
  ) {}

  write(key: string, value: unknown): void {
    this.document.set(key, value);
  }

  remove(key: string): boolean {
    const pair = findTopLevelPair(this.document, key);
    return pair !== undefined && this.document.delete(pair.key);
  }

  print(): string {
    return this.document.toString(frontmatterStringifyOptions(this.yaml)).replace(/\r?\n/g, this.lineEnding);
  }
}
