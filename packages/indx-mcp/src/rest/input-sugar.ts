import { readFileSync } from 'node:fs';
import { Option } from 'commander';
import type { Operation } from '../../../../src/core/ops/operation';
import { inputSchemaOf } from '../../../../src/server/rest/input-fields';
import { CommandFailure } from './command-failure';

/** Shorthand options of one command, and how they fill the input (seed 002 §11: `--scope-glob`, `--note`, `--schema-file`…). */
export interface InputSugar {
  options: Option[];
  /** Raw option values that must be rewritten before they are read as fields (`--write Index.md`). */
  prepare(options: Record<string, unknown>): void;
  /** Fills the input from the shorthand options given; the input's own fields are kept unless a shorthand names them. */
  apply(input: Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown>;
}

interface SugarRule {
  /** Whether the rule applies to the operation (its name and input fields). */
  applies(operation: Operation, fields: ReadonlySet<string>): boolean;
  options(): Option[];
  prepare?(options: Record<string, unknown>): void;
  apply(input: Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown>;
}

const SCOPE_FLAGS = ['scopePaths', 'scopeGlob', 'scopeTag', 'scopeQuery', 'scopeNote'] as const;

/** `--scope-paths`, `--scope-glob`, `--scope-tag`, `--scope-query`, `--scope-note` (+ `--include-linked`) for every operation with a `scope` field. */
const scopeRule: SugarRule = {
  applies: (_operation, fields) => fields.has('scope'),
  options: () => [
    new Option('--scope-paths <paths>', 'scope: these notes, comma-separated (≡ --scope \'{"kind":"paths","paths":[…]}\')'),
    new Option('--scope-glob <glob>', 'scope: the notes matching a path glob, e.g. \'Projects/**\''),
    new Option('--scope-tag <tag>', 'scope: the notes carrying a tag'),
    new Option('--scope-query <q>', 'scope: the notes a search finds'),
    new Option('--scope-note <path>', 'scope: one note (with --include-linked N: and the notes it links to, N hops out)'),
    new Option('--include-linked <hops>', 'with --scope-note: also the linked notes, this many hops out (0–3)'),
  ],
  apply(input, options) {
    const scope = scopeOf(options);
    return scope === null ? input : { ...input, scope };
  },
};

/** `indx ai toc --note X.md` (a note's table of contents) and `--moc` with a scope (a Map of Content); `--write PATH`, `--if-not-exists`, `--descriptions`. */
const tocRule: SugarRule = {
  applies: (operation) => operation.name === 'ai_toc',
  options: () => [
    new Option('--note <path>', 'table of contents of this note (≡ mode "note", path)'),
    new Option('--moc', 'a Map of Content of a scope (≡ mode "moc"; give the scope with --scope-glob, --scope-tag…)'),
    new Option('--descriptions', 'with --note: one-line descriptions of the sections (≡ include_descriptions; calls the model)'),
    new Option('--if-not-exists', 'with --write: only create the note, never replace one'),
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
    if (options.ifNotExists === true && isRecord(result.write)) result.write = { ...result.write, if_not_exists: true };
    return result;
  },
};

/** `indx ai relate --note X.md` ≡ `source: {kind: "path", path}`. */
const relateRule: SugarRule = {
  applies: (_operation, fields) => fields.has('source'),
  options: () => [new Option('--note <path>', 'the source note (≡ --source \'{"kind":"path","path":…}\')')],
  apply: (input, options) => (typeof options.note === 'string' ? { ...input, source: { kind: 'path', path: options.note } } : input),
};

/** `indx ai ask … --top-k 8 --mode hybrid` ≡ `retrieve: {top_k, mode}`. */
const retrieveRule: SugarRule = {
  applies: (_operation, fields) => fields.has('retrieve') && !fields.has('top_k') && !fields.has('mode'),
  options: () => [new Option('--top-k <n>', 'notes retrieved as evidence (≡ retrieve.top_k)'), new Option('--mode <mode>', 'retrieval mode (≡ retrieve.mode)').choices(['lexical', 'semantic', 'hybrid'])],
  apply(input, options) {
    const retrieve = { ...(isRecord(input.retrieve) ? input.retrieve : {}) };
    if (options.topK !== undefined) retrieve.top_k = toNumber('--top-k', options.topK);
    if (typeof options.mode === 'string') retrieve.mode = options.mode;
    return Object.keys(retrieve).length === 0 ? input : { ...input, retrieve };
  },
};

/** `--schema-file f.json` reads a JSON Schema file into `schema` (ai_extract). */
const schemaFileRule: SugarRule = {
  applies: (_operation, fields) => fields.has('schema'),
  options: () => [new Option('--schema-file <file>', 'read the JSON Schema from this file (≡ --schema with its contents)')],
  apply: (input, options) => (typeof options.schemaFile === 'string' ? { ...input, schema: readJsonFile(options.schemaFile) } : input),
};

const RULES: readonly SugarRule[] = [scopeRule, tocRule, relateRule, retrieveRule, schemaFileRule];

/**
 * The shorthand options of `operation`'s command, from a small table keyed by input fields (and,
 * for `ai_toc`, the operation): scope flags wherever there is a `scope`, `--note` for a table of
 * contents or a relation source, `--top-k`/`--mode` for retrieval, `--schema-file` for a schema.
 * An option whose name a derived field option already has (`taken`) is left out.
 */
export function describeInputSugar(operation: Operation, taken: ReadonlySet<string>): InputSugar {
  const fields = new Set(Object.keys(inputSchemaOf(operation).properties));
  const rules = RULES.filter((rule) => rule.applies(operation, fields));
  const options = rules.flatMap((rule) => rule.options()).filter((option) => !taken.has(option.long ?? ''));
  return {
    options,
    prepare: (raw) => rules.forEach((rule) => rule.prepare?.(raw)),
    apply: (input, raw) => rules.reduce((result, rule) => rule.apply(result, raw), input),
  };
}

function scopeOf(options: Record<string, unknown>): Record<string, unknown> | null {
  const given = SCOPE_FLAGS.filter((flag) => typeof options[flag] === 'string');
  if (given.length > 1) throw new CommandFailure('invalid_input', 'Give one scope: --scope-paths, --scope-glob, --scope-tag, --scope-query or --scope-note, not several.', { given });
  if (options.includeLinked !== undefined && given[0] !== 'scopeNote') throw new CommandFailure('invalid_input', '--include-linked goes with --scope-note.', {});
  const value = given[0] === undefined ? '' : String(options[given[0]]);
  switch (given[0]) {
    case 'scopePaths':
      return { kind: 'paths', paths: value.split(',').map((path) => path.trim()).filter((path) => path !== '') };
    case 'scopeGlob':
      return { kind: 'glob', path_glob: value };
    case 'scopeTag':
      return { kind: 'tag', tag: value.replace(/^#/, '') };
    case 'scopeQuery':
      return { kind: 'query', q: value };
    case 'scopeNote':
      return { kind: 'note', path: value, ...(options.includeLinked === undefined ? {} : { include_linked: toNumber('--include-linked', options.includeLinked) }) };
    default:
      return null;
  }
}

function toNumber(flag: string, value: unknown): number {
  const number = Number(value);
  if (String(value).trim() !== '' && Number.isFinite(number)) return number;
  throw new CommandFailure('invalid_input', `${flag} takes a number; got "${String(value)}".`, { [flag]: value });
}

function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error: unknown) {
    throw new CommandFailure('invalid_input', `Cannot read --schema-file ${file}: ${error instanceof Error ? error.message : String(error)}.`, { file }, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error: unknown) {
    throw new CommandFailure('invalid_input', `--schema-file ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`, { file }, { cause: error });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
