import { IndxError, isIndxError } from '../../core/errors';
import { toVaultPath } from '../../core/vault/paths';
import { compileGlob } from '../../core/notes/glob';
import { isGlobPattern } from '../../core/notes/glob/is-glob-pattern';
import type { ResourceChange } from './resource-change';
import { safeDecodeUriPart, toUriPath } from './resources/uri-path';
import { VAULT_SCHEME, VAULT_WIDE_URIS } from './vault-uris';

/** One notification a subscribed URI is due for a change. */
export interface SubscriptionMatch {
  /** The URI exactly as the client subscribed to it. */
  subscribed: string;
  /** The changed resource's own URI (segments percent-encoded); null for a vault-wide resource. */
  resource: string | null;
  /** True when `subscribed` is a glob: a legacy session is then told `resource` instead. */
  glob: boolean;
}

/** What a subscribed URI watches: any change, or the vault paths its per-file resources name. */
export type SubscriptionTarget =
  | { kind: 'every-change' }
  | { kind: 'paths'; prefix: string; glob: boolean; matches: (path: string) => boolean }
  | { kind: 'never' };

/** URI prefixes of per-file resources, most specific first; what follows is a vault path or glob. */
const PER_FILE_PREFIXES: readonly string[] = ['vault://graph/backlinks/', 'vault://graph/forward/', 'vault://canvas/', 'toc://vault/', VAULT_SCHEME];
/** A base's rows depend on every note, so its resource follows every change. */
const BASE_PREFIX = 'vault://base/';
/** Property values (`tags://vault/{field}`) follow any note edit. */
const FIELD_VALUES_PREFIX = 'tags://vault/';
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/**
 * What `uri` watches, the one rule both protocol eras match changes with. The scheme is compared
 * case-insensitively (RFC 3986 §3.1). Vault-wide resources, search results, base results and
 * property values follow every change. After a per-file prefix (`vault://`, `vault://graph/backlinks/`,
 * `vault://graph/forward/`, `vault://canvas/`, `toc://vault/`) comes a vault path or a `compileGlob` glob, percent-encoded
 * or not (`vault://My%20Folder/**` and `vault://My Folder/**` are one subscription), matched
 * without regard to case: on the case-insensitive file systems of macOS and Windows `daily/` and
 * `Daily/` are one folder, and an extra notification is harmless where a missed one is not. A path
 * `toVaultPath` refuses (`..`, hidden segments…) is refused (`invalid_input`). Any other URI is accepted and
 * never notified, as in `resources/subscribe`.
 */
export function toSubscriptionTarget(uri: string): SubscriptionTarget {
  const normalized = uri.replace(SCHEME, (scheme) => scheme.toLowerCase());
  if (isEveryChangeUri(normalized)) return { kind: 'every-change' };
  const prefix = PER_FILE_PREFIXES.find((candidate) => normalized.startsWith(candidate));
  if (prefix === undefined) return { kind: 'never' };
  const pattern = toPathPattern(normalized.slice(prefix.length));
  if (pattern === '') return { kind: 'never' };
  return { kind: 'paths', prefix, ...pathMatcher(toVaultPattern(uri, pattern)) };
}

/**
 * The path or glob as `toVaultPath` normalises it (`./` segments and doubled slashes dropped).
 * Throws `invalid_input` for one no vault change can match, that a client may send to
 * probe outside the vault: whatever `toVaultPath` refuses (`..` segments, an absolute path, a
 * backslash, control characters, a hidden name such as `.indx/**` or `.obsidian/*`), as such
 * notes are never read or written through the API. Glob characters are ordinary characters there.
 */
function toVaultPattern(uri: string, pattern: string): string {
  try {
    return toVaultPath(pattern, { allowRoot: true });
  } catch (error: unknown) {
    if (!isIndxError(error) || (error.code !== 'invalid_path' && error.code !== 'path_forbidden')) throw error;
    throw new IndxError('invalid_input', `Cannot subscribe to ${JSON.stringify(uri)}: it names a path outside the vault or a hidden folder (such as .indx/ or .obsidian/), which never changes through indx (${error.message}) Subscribe to vault paths such as vault://Daily/**.`, { uri, reason: error.code });
  }
}

/** The notifications `subscribed` (watching `target`) is due for `change`. */
export function matchesOf(subscribed: string, target: SubscriptionTarget, change: ResourceChange): SubscriptionMatch[] {
  if (target.kind === 'never') return [];
  if (target.kind === 'every-change') return [{ subscribed, resource: null, glob: false }];
  return change.paths.filter((path) => target.matches(path)).map((path) => ({ subscribed, resource: `${target.prefix}${toUriPath(path)}`, glob: target.glob }));
}

function isEveryChangeUri(uri: string): boolean {
  if (uri === 'vault://search' || uri.startsWith('vault://search?') || uri.startsWith(BASE_PREFIX)) return true;
  return VAULT_WIDE_URIS.includes(uri) || (uri.startsWith(FIELD_VALUES_PREFIX) && uri.length > FIELD_VALUES_PREFIX.length);
}

/** The vault path or glob of a URI's path part, as `toVaultPath` normalises paths (NFC, NBSP). */
function toPathPattern(part: string): string {
  return safeDecodeUriPart(part).normalize('NFC').replace(/\u00a0/g, ' ');
}

function pathMatcher(pattern: string): { glob: boolean; matches: (path: string) => boolean } {
  const folded = pattern.toLowerCase();
  if (!isGlobPattern(pattern)) return { glob: false, matches: (path) => path.toLowerCase() === folded };
  // Case-insensitive by folding both sides; a file named like a glob (`[draft].md`) still matches its own name.
  const glob = compileGlob(folded);
  return { glob: true, matches: (path) => glob(path.toLowerCase()) };
}
