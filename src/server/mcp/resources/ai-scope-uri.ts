import { aiScopeSchema, type AiScope } from '../../../core/ai/ai-schemas';
import { IndxError } from '../../../core/errors';

/** The two kinds of live AI resource (seed 002 §10.4). */
export type AiResourceKind = 'summary' | 'moc';

/** The scheme of the live AI resources. */
export const AI_SCHEME = 'ai://';

/** The operation call an `ai://` resource of `kind` stands for: a summary of the scope, or its Map of Content. */
export function aiResourceCall(kind: AiResourceKind, scope: AiScope): { operation: string; input: Record<string, unknown> } {
  return kind === 'summary' ? { operation: 'ai_summarize', input: { scope } } : { operation: 'ai_toc', input: { mode: 'moc', scope } };
}

/** An example scope for messages: one note, URL-encoded. */
const EXAMPLE = encodeURIComponent(JSON.stringify({ kind: 'paths', paths: ['Note.md'] }));

/** The URI of a live AI resource over `scope`: `ai://summary/<URL-encoded JSON>`. */
export function toAiResourceUri(kind: AiResourceKind, scope: AiScope): string {
  return `${AI_SCHEME}${kind}/${encodeURIComponent(JSON.stringify(scope))}`;
}

/** The kind and encoded scope of an `ai://summary/…` or `ai://moc/…` URI, or null for any other URI. */
export function splitAiResourceUri(uri: string): { kind: AiResourceKind; encoded: string } | null {
  const match = /^ai:\/\/(summary|moc)\/(.+)$/is.exec(uri);
  if (match === null) return null;
  return { kind: (match[1] ?? '').toLowerCase() as AiResourceKind, encoded: match[2] ?? '' };
}

/**
 * The AI scope a resource URI carries (`encoded`: the part after `ai://summary/`): percent-decoded,
 * parsed as JSON and checked against the scope schema. Each failure is `invalid_input` naming
 * what is wrong and how a valid URI looks.
 */
export function readAiScope(uri: string, encoded: string): AiScope {
  const parsed = parseJson(uri, decode(uri, encoded));
  const checked = aiScopeSchema.safeParse(parsed);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? 'scope' : `scope.${issue.path.join('.')}`;
  throw new IndxError('invalid_input', `The scope of ${uri} is not a valid AI scope (${where}: ${issue?.message ?? 'invalid'}). Use {kind:"paths",paths}, {kind:"glob",path_glob}, {kind:"tag",tag}, {kind:"query",q} or {kind:"note",path}.`, { uri, issues: checked.error.issues.map((entry) => ({ path: entry.path.join('.'), message: entry.message })) });
}

function decode(uri: string, encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch (error: unknown) {
    throw new IndxError('invalid_input', `The scope of ${uri} is not properly percent-encoded. Encode the JSON scope with encodeURIComponent, e.g. ai://summary/${EXAMPLE}.`, { uri }, { cause: error });
  }
}

function parseJson(uri: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new IndxError('invalid_input', `The scope of ${uri} is not valid JSON (${reason}). Write the scope as URL-encoded JSON, e.g. ai://summary/${EXAMPLE}.`, { uri }, { cause: error });
  }
}
