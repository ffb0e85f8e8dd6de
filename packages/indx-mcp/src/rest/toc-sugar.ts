import { Option } from 'commander';
import { toErrorBody } from '../report-error';
import { CommandFailure } from './command-failure';
import { isRecord } from './is-record';
import type { SugarRule } from './sugar-rule';

/**
 * `indx ai toc --note X.md` (a note's table of contents) and `--moc` with a scope (a Map of
 * Content); `--descriptions`; `--write PATH` with `--yes`, `--if-not-exists`. Seed 002 §10.2:
 * `--write` replaces an existing note only with `--yes`; without it the write is sent with
 * `if_not_exists: true`, so an existing note fails with `already_exists` (exit 4), and the
 * message says to pass `--yes`.
 */
export const tocSugar: SugarRule = {
  applies: (operation) => operation.name === 'ai_toc',
  options: () => [
    new Option('--note <path>', 'table of contents of this note (≡ mode "note", path)'),
    new Option('--moc', 'a Map of Content of a scope (≡ mode "moc"; give the scope with --scope-glob, --scope-tag…)'),
    new Option('--descriptions', 'with --note: one-line descriptions of the sections (≡ include_descriptions; calls the model)'),
    new Option('--yes', 'with --write PATH: replace the note when it exists (without --yes, --write only creates it: an existing note fails with already_exists, exit 4)'),
    new Option('--if-not-exists', 'with --write: only create the note, never replace one (what --write does without --yes)'),
  ],
  prepare(options) {
    // `--write Index.md` names the note; a JSON object is the whole write field.
    if (typeof options.write === 'string' && !options.write.trimStart().startsWith('{')) options.write = JSON.stringify({ path: options.write });
  },
  apply(input, options) {
    const result = { ...input };
    if (typeof options.note === 'string') Object.assign(result, { mode: 'note', path: options.note });
    if (options.moc === true || (result.mode === undefined && result.scope !== undefined)) result.mode = 'moc';
    if (options.descriptions === true) result.include_descriptions = true;
    if (isRecord(result.write)) result.write = guardWrite(result.write, options);
    else if (options.yes === true) throw new CommandFailure('invalid_input', '--yes goes with --write PATH: it lets the Map of Content replace an existing note.', {});
    return result;
  },
  explain(error, options) {
    const body = toErrorBody(error);
    // With --if-not-exists the user asked for a create-only write: already_exists is the answer, not a mistake.
    if (body.code !== 'already_exists' || options.yes === true || options.ifNotExists === true) return error;
    const subject = typeof body.details.path === 'string' ? `"${body.details.path}"` : 'The note';
    return new CommandFailure(body.code, `${subject} already exists, and --write only creates a note unless told to replace it: pass --yes to replace it with the Map of Content.`, body.details, { cause: error });
  },
};

/** The write field as sent: create-only unless `--yes`; `--yes` with a create-only write is a contradiction. */
function guardWrite(write: Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown> {
  if (options.yes !== true) return { ...write, if_not_exists: true };
  if (options.ifNotExists === true || write.if_not_exists === true) {
    throw new CommandFailure('invalid_input', '--yes replaces an existing note, --if-not-exists (if_not_exists: true) only creates one: give one of them.', { write });
  }
  return write;
}
