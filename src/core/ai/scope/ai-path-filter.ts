import { compileGlob } from '../../notes/glob';
import type { AiSettings } from '../runtime/ai-settings';

/** Compiled globs by their text: settings change rarely, scopes are resolved often. */
const compiled = new Map<string, (path: string) => boolean>();

/** The most globs kept compiled (a configuration holds a handful; this only bounds odd use). */
const COMPILED_LIMIT = 256;

/**
 * Whether a note may reach the chat model under the AI globs (seed 002 §2, §14): a path matching
 * any `deny_globs` entry never may (deny wins); otherwise it may when `allow_globs` is empty or
 * one of them matches.
 */
export function isAiAllowed(settings: Pick<AiSettings, 'allow_globs' | 'deny_globs'>, path: string): boolean {
  if (settings.deny_globs.some((glob) => matcherOf(glob)(path))) return false;
  return settings.allow_globs.length === 0 || settings.allow_globs.some((glob) => matcherOf(glob)(path));
}

function matcherOf(glob: string): (path: string) => boolean {
  const known = compiled.get(glob);
  if (known !== undefined) return known;
  if (compiled.size >= COMPILED_LIMIT) compiled.clear();
  const matcher = compileGlob(glob);
  compiled.set(glob, matcher);
  return matcher;
}
