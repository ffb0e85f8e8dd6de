import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import picomatch from 'picomatch';
import type { ResourceChange } from './resource-change';
import { decodeUriPart } from './resources/uri-path';
import { toVaultUri, VAULT_SCHEME } from './vault-uris';

/** The most URIs and globs one session may subscribe to. */
export const MAX_SUBSCRIPTIONS = 256;

interface Subscription {
  /** For a `vault://` glob: tests a vault path. */
  glob: ((path: string) => boolean) | null;
  /** For a `vault://<path>` URI: the decoded path it names. */
  path: string | null;
  /** Search results may change with any edit. */
  everyChange: boolean;
}

/**
 * The `resources/subscribe` set of one legacy session. A subscription is an exact resource URI
 * or a glob over vault paths in the `vault://` scheme (`vault://Daily/**`, `vault://Daily/*`,
 * picomatch syntax). A change notifies a glob with the changed file's URI, an exact URI with
 * itself, and a `vault://search…` URI on every change (any edit may change its results).
 */
export class ResourceSubscriptions {
  private readonly subscriptions = new Map<string, Subscription>();

  /** Adds `uri`; `-32602` past {@link MAX_SUBSCRIPTIONS}. */
  add(uri: string): void {
    if (!this.subscriptions.has(uri) && this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `A session may hold at most ${MAX_SUBSCRIPTIONS} subscriptions; unsubscribe from one first.`);
    }
    this.subscriptions.set(uri, toSubscription(uri));
  }

  /** Removes `uri` (no error when absent). */
  remove(uri: string): void {
    this.subscriptions.delete(uri);
  }

  /** The URIs to send `notifications/resources/updated` for; `affected` is `affectedUrisOf(change)`. */
  notificationsFor(change: ResourceChange, affected: ReadonlySet<string>): string[] {
    const uris = new Set<string>();
    for (const [uri, subscription] of this.subscriptions) {
      const glob = subscription.glob;
      if (glob !== null) for (const path of change.paths.filter((changed) => glob(changed))) uris.add(toVaultUri(path));
      else if (subscription.everyChange || affected.has(uri) || change.paths.some((path) => path === subscription.path)) uris.add(uri);
    }
    return [...uris];
  }
}

function toSubscription(uri: string): Subscription {
  if (!uri.startsWith(VAULT_SCHEME)) return { glob: null, path: null, everyChange: false };
  const rest = uri.slice(VAULT_SCHEME.length);
  if (rest === 'search' || rest.startsWith('search?')) return { glob: null, path: null, everyChange: true };
  const pattern = safeDecode(rest);
  if (picomatch.scan(pattern).isGlob) return { glob: picomatch(pattern), path: null, everyChange: false };
  return { glob: null, path: pattern, everyChange: false };
}

function safeDecode(part: string): string {
  try {
    return decodeUriPart(part);
  } catch {
    return part;
  }
}
