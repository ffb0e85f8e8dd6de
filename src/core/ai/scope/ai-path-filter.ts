import { compileAll, coversPathOrAncestor } from '../../vault/path-policy';
import type { AiSettings } from '../runtime/ai-settings';

/** Compiled glob lists by their globs: settings change rarely, and scopes and the search service ask often. */
const compiled = new Map<string, ((path: string) => boolean)[]>();

/** The most lists kept compiled (a configuration holds a few; this only bounds odd use). */
const COMPILED_LIMIT = 256;

/**
 * Whether a note may reach the chat model under the AI globs (seed 002 §2, §14): a path covered
 * by any `deny_globs` entry never may (deny wins); otherwise it may when `allow_globs` is empty
 * or one of them covers it, and the operator's environment allow list (when set) covers it too.
 * Globs read like the vault's path rules: one naming a folder (`Private`, `Private/`) covers
 * everything in it.
 */
export function isAiAllowed(settings: Pick<AiSettings, 'allow_globs' | 'deny_globs' | 'operator_allow_globs'>, path: string): boolean {
  if (isAiDenied(settings.deny_globs, path)) return false;
  const operator = settings.operator_allow_globs ?? [];
  return (settings.allow_globs.length === 0 || covers(settings.allow_globs, path)) && (operator.length === 0 || covers(operator, path));
}

/**
 * Whether the deny globs cover a note, keeping its text from every provider: the chat model
 * (through {@link isAiAllowed}) and the embeddings provider (the engine's search service asks this
 * before embedding a note).
 */
export function isAiDenied(denyGlobs: readonly string[], path: string): boolean {
  return covers(denyGlobs, path);
}

function covers(globs: readonly string[], path: string): boolean {
  if (globs.length === 0) return false;
  return coversPathOrAncestor(matchersOf(globs), path);
}

function matchersOf(globs: readonly string[]): ((path: string) => boolean)[] {
  const key = globs.join('\n');
  const known = compiled.get(key);
  if (known !== undefined) return known;
  if (compiled.size >= COMPILED_LIMIT) compiled.clear();
  const matchers = compileAll(globs);
  compiled.set(key, matchers);
  return matchers;
}
