import { parseYamlDocument } from '../../yaml/parse-yaml';
import { isIndxError, type IndxError } from '../../errors';
import { err, ok, type Result } from '../../result';
import type { BaseDefinition, ParsedExpression, ViewDefinition } from './base-definition';
import { baseInvalid, baseUnsupported } from './base-problem';
import { compileExpression, describeYaml, expressionText } from './compile-expression';
import { parseFilter } from './parse-filter';
import { parseFormulas } from './parse-formulas';
import { parseView } from './parse-view';
import { BUILT_IN_SUMMARIES } from './summaries';

/** Top-level keys: the documented ones, and `display`, the column names of early bases. */
const TOP_LEVEL_KEYS = ['filters', 'formulas', 'properties', 'summaries', 'views', 'display'];

/**
 * Parses a `.base` file (YAML, Bases syntax page) and checks every expression in it before any
 * row is evaluated. Fails with `base_invalid` (bad YAML with its line and column, a syntax error
 * with its offset, a wrong structure, a formula cycle) or `base_unsupported` (naming a construct
 * indx does not implement). A base without views gets one table view named "Table".
 */
export function parseBase(text: string): Result<BaseDefinition, IndxError> {
  try {
    return ok(toDefinition(readYaml(text)));
  } catch (error) {
    if (isIndxError(error, 'base_invalid') || isIndxError(error, 'base_unsupported')) return err(error);
    throw error;
  }
}

function readYaml(text: string): Record<string, unknown> {
  const document = parseYamlDocument(text);
  const problem = document.errors[0];
  if (problem !== undefined) {
    const position = problem.linePos?.[0];
    const where = position === undefined ? 'the YAML' : `line ${position.line}, column ${position.col}`;
    throw baseInvalid(where, `the YAML does not parse (${(problem.message.split('\n')[0] ?? problem.code).replace(/ at line \d+, column \d+:?$/, '')})`, { line: position?.line ?? null, column: position?.col ?? null });
  }
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw baseInvalid('the top level', `a base is a mapping (filters, formulas, properties, views) but found ${describeYaml(value)}`);
  return value as Record<string, unknown>;
}

function toDefinition(raw: Record<string, unknown>): BaseDefinition {
  const unknown = Object.keys(raw).find((key) => !TOP_LEVEL_KEYS.includes(key));
  if (unknown !== undefined) throw baseUnsupported(unknown, `the top-level key "${unknown}"`, `a base has ${TOP_LEVEL_KEYS.slice(0, 5).join(', ')}`);
  const formulas = parseFormulas(raw.formulas);
  const names = new Set(formulas.keys());
  const summaries = parseCustomSummaries(raw.summaries, names);
  const views = parseViews(raw.views, names);
  views.forEach((view, index) => checkSummaryNames(view, index, summaries));
  return { filter: parseFilter(raw.filters, 'filters', names), formulas, displayNames: readDisplayNames(raw), summaries, views };
}

function parseViews(raw: unknown, formulaNames: ReadonlySet<string>): ViewDefinition[] {
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) return [parseView({ type: 'table', name: 'Table' }, 0, formulaNames)];
  if (!Array.isArray(raw)) throw baseInvalid('views', `expected a list of views but found ${describeYaml(raw)}`);
  return raw.map((view: unknown, index) => parseView(view, index, formulaNames));
}

/** `properties.<id>.displayName`, keyed as written (Obsidian matches the prefixed id), and `display`. */
function readDisplayNames(raw: Record<string, unknown>): Map<string, string> {
  const names = new Map<string, string>();
  for (const [id, value] of Object.entries(asMapping(raw.display))) if (typeof value === 'string') names.set(id.trim(), value);
  for (const [id, config] of Object.entries(asMapping(raw.properties))) {
    const displayName = asMapping(config).displayName;
    if (typeof displayName === 'string' || typeof displayName === 'number') names.set(id.trim(), String(displayName));
  }
  return names;
}

function asMapping(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function parseCustomSummaries(raw: unknown, formulaNames: ReadonlySet<string>): Map<string, ParsedExpression> {
  return new Map(Object.entries(asMapping(raw)).map(([name, source]) => [name, compileExpression(expressionText(source, `summaries.${name}`), `summaries.${name}`, formulaNames)]));
}

function checkSummaryNames(view: ViewDefinition, index: number, custom: ReadonlyMap<string, ParsedExpression>): void {
  for (const [id, summary] of view.summaries) {
    if (!BUILT_IN_SUMMARIES.includes(summary) && !custom.has(summary)) {
      throw baseUnsupported(`views[${index}].summaries.${id}`, `the summary "${summary}"`, `known summaries are ${BUILT_IN_SUMMARIES.join(', ')} and the base's own summaries`);
    }
  }
}

