import { createRowScope, type QueryContext } from '../../../src/core/bases/evaluate/scope';
import { evaluate } from '../../../src/core/bases/evaluate/evaluate';
import { checkExpression } from '../../../src/core/bases/expression/check-expression';
import { parseExpression } from '../../../src/core/bases/expression/parser';
import type { BaseValue } from '../../../src/core/bases/values/base-value';
import { toJsonValue, type JsonValue } from '../../../src/core/bases/values/value-json';
import { createVaultSnapshot } from '../../../src/core/bases/vault/vault-snapshot';
import { createTempVault, type TempFiles, type TempVault } from '../../helpers/temp-vault';

/** 2025-03-15 12:34:56.789 UTC, a Saturday: the clock of every expression test. */
export const TEST_NOW = Date.UTC(2025, 2, 15, 12, 34, 56, 789);

/**
 * A small vault for expression tests. Alpha carries one property of every YAML type plus links,
 * an embed and tags; Beta links back to Alpha; Gamma sits in a sub-folder; image.png is an
 * attachment; Lonely has no frontmatter and no links.
 */
export const EXPRESSION_VAULT: TempFiles = {
  'Notes/Alpha.md': [
    '---',
    'rating: 7',
    'price: 12.5',
    'status: done',
    'flag: true',
    'empty_text: ""',
    'nothing:',
    'tags: [project/alpha, Urgent]',
    'created: 2024-01-31',
    'due: "2024-02-29T10:30:00"',
    'author: "[[Beta]]"',
    'related: ["[[Beta]]", "[[Missing note]]", "[[Notes/Sub/Gamma|G]]"]',
    'scores: [3, 1, 2]',
    'nested: {a: 1, b: [x, y]}',
    'words: [b, a, c]',
    '---',
    'Body links [[Beta]] and [[Notes/Sub/Gamma|the gamma note]], an embed ![[image.png]] and #inline/deep tag.',
    '',
  ].join('\n'),
  'Notes/Beta.md': '---\ncategories: ["[[Alpha]]"]\n---\nBack to [[Alpha]] and out to [[Nowhere]].\n',
  'Notes/Sub/Gamma.md': '---\ntags: [project]\n---\nGamma.\n',
  'image.png': 'not really a png',
  'Lonely.md': 'No frontmatter.\n',
};

/** A temp vault and a way to evaluate expression text against one of its files. */
export interface ExpressionVault {
  vault: TempVault;
  /** Evaluates `source` for the row `row` (default Notes/Alpha.md); throws what evaluation throws. */
  value(source: string, options?: EvaluateOptions): BaseValue;
  /** Like `value`, in the JSON form `base_query` returns. */
  json(source: string, options?: EvaluateOptions): JsonValue;
  dispose(): Promise<void>;
}

/** Where and how an expression is evaluated. */
export interface EvaluateOptions {
  row?: string;
  thisPath?: string;
  formulas?: Record<string, string>;
}

/** Opens {@link EXPRESSION_VAULT} (or `files`) for expression tests. */
export async function openExpressionVault(files: TempFiles = EXPRESSION_VAULT): Promise<ExpressionVault> {
  const vault = await createTempVault(files);
  const value = (source: string, options: EvaluateOptions = {}): BaseValue => {
    const names = new Set(Object.keys(options.formulas ?? {}));
    const formulas = new Map(Object.entries(options.formulas ?? {}).map(([name, text]) => [name, parseOrThrow(text, names)]));
    const context: QueryContext = { snapshot: createVaultSnapshot(vault.host), now: TEST_NOW, random: () => 0.25, basePath: 'Bases/Test.base', thisPath: options.thisPath ?? 'Bases/Test.base', formulas };
    return evaluate(parseOrThrow(source, names), createRowScope(context, options.row ?? 'Notes/Alpha.md'));
  };
  return { vault, value, json: (source, options) => toJsonValue(value(source, options)), dispose: () => vault.dispose() };
}

/** Parses an expression, failing the test on a syntax error or an unknown construct. */
export function parseOrThrow(source: string, formulaNames: ReadonlySet<string> = new Set()) {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(`${parsed.error.message} at ${parsed.error.position} in ${source}`);
  const problems = checkExpression(parsed.value, formulaNames);
  if (problems.length > 0) throw new Error(`${problems[0]?.code}: ${problems[0]?.construct}`);
  return parsed.value;
}
