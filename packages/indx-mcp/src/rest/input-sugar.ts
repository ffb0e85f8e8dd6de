import { Option } from 'commander';
import type { Operation } from '../../../../src/core/ops/operation';
import type { CommandInput } from './command-input';
import { CommandFailure } from './command-failure';
import { isRecord } from './is-record';
import { readJsonFileOption, toListOption, toNumberOption } from './option-values';
import type { SugarRule } from './sugar-rule';
import { tagVocabularySugar } from './tag-vocabulary-sugar';
import { tocSugar } from './toc-sugar';

/** Shorthand options of one command, and how they fill the input (seed 002 §11: `--scope-glob`, `--note`, `--schema-file`…). */
export interface InputSugar {
  options: Option[];
  /** Raw option values that must be rewritten before they are read as fields (`--write Index.md`). */
  prepare(options: Record<string, unknown>): void;
  /** Fills the input from the shorthand options given; the input's own fields are kept unless a shorthand names them. */
  apply(input: Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown>;
  /** The failure to report, with what to pass next where a shorthand knows it (`ai toc --write`: `--yes`). */
  explain(error: unknown, options: Record<string, unknown>): unknown;
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
    if (options.topK !== undefined) retrieve.top_k = toNumberOption('--top-k', options.topK);
    if (typeof options.mode === 'string') retrieve.mode = options.mode;
    return Object.keys(retrieve).length === 0 ? input : { ...input, retrieve };
  },
};

/** `--schema-file f.json` reads a JSON Schema file into `schema` (ai_extract). */
const schemaFileRule: SugarRule = {
  applies: (_operation, fields) => fields.has('schema'),
  options: () => [new Option('--schema-file <file>', 'read the JSON Schema from this file (≡ --schema with its contents)')],
  apply: (input, options) => (typeof options.schemaFile === 'string' ? { ...input, schema: readJsonFileOption('--schema-file', options.schemaFile) } : input),
};

/** `--fields-file f.json` reads the array of field specs into `fields` (ai_metadata). */
const fieldsFileRule: SugarRule = {
  applies: (operation, fields) => operation.name === 'ai_metadata' && fields.has('fields'),
  options: () => [new Option('--fields-file <file>', 'read the fields from this file: a JSON array of {key, type, …} (≡ --fields with its contents)')],
  apply: (input, options) => (typeof options.fieldsFile === 'string' ? { ...input, fields: readFieldsFile(options.fieldsFile) } : input),
};

const RULES: readonly SugarRule[] = [scopeRule, tocSugar, relateRule, retrieveRule, schemaFileRule, fieldsFileRule, tagVocabularySugar];

/**
 * The shorthand options of `operation`'s command, from a small table keyed by input fields (and,
 * for `ai_toc` and `ai_metadata`, the operation): scope flags wherever there is a `scope`,
 * `--note`/`--moc`/`--yes` for a table of contents, `--note` for a relation source,
 * `--top-k`/`--mode` for retrieval, `--schema-file` for a schema, `--fields-file` for metadata
 * fields, `--max-per-note`, `--candidates`… for a tag vocabulary. An option whose name one of
 * `shape`'s field options already has is left out.
 */
export function describeInputSugar(operation: Operation, shape: CommandInput): InputSugar {
  const fields = new Set(shape.flags.map((flag) => flag.field));
  const taken = new Set(shape.flags.flatMap((flag) => flag.options.map((option) => option.long ?? '')));
  const rules = RULES.filter((rule) => rule.applies(operation, fields));
  const options = rules.flatMap((rule) => rule.options()).filter((option) => !taken.has(option.long ?? ''));
  return {
    options,
    prepare: (raw) => rules.forEach((rule) => rule.prepare?.(raw)),
    apply: (input, raw) => rules.reduce((result, rule) => rule.apply(result, raw), input),
    explain: (error, raw) => rules.reduce((result, rule) => rule.explain?.(result, raw) ?? result, error),
  };
}

function scopeOf(options: Record<string, unknown>): Record<string, unknown> | null {
  const given = SCOPE_FLAGS.filter((flag) => typeof options[flag] === 'string');
  if (given.length > 1) throw new CommandFailure('invalid_input', 'Give one scope: --scope-paths, --scope-glob, --scope-tag, --scope-query or --scope-note, not several.', { given });
  if (options.includeLinked !== undefined && given[0] !== 'scopeNote') throw new CommandFailure('invalid_input', '--include-linked goes with --scope-note.', {});
  const value = given[0] === undefined ? '' : String(options[given[0]]);
  switch (given[0]) {
    case 'scopePaths':
      return { kind: 'paths', paths: toListOption(value) };
    case 'scopeGlob':
      return { kind: 'glob', path_glob: value };
    case 'scopeTag':
      return { kind: 'tag', tag: value.replace(/^#/, '') };
    case 'scopeQuery':
      return { kind: 'query', q: value };
    case 'scopeNote':
      return { kind: 'note', path: value, ...(options.includeLinked === undefined ? {} : { include_linked: toNumberOption('--include-linked', options.includeLinked) }) };
    default:
      return null;
  }
}

function readFieldsFile(file: string): unknown[] {
  const fields = readJsonFileOption('--fields-file', file);
  if (Array.isArray(fields)) return fields;
  throw new CommandFailure('invalid_input', `--fields-file ${file} must hold a JSON array of fields, e.g. [{"key":"status","type":"enum","enum":["idea","done"]}].`, { file });
}
