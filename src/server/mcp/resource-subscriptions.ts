import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { isIndxError } from '../../core/errors';
import type { ResourceChange } from './resource-change';
import { matchesOf, toSubscriptionTarget, type SubscriptionMatch, type SubscriptionTarget } from './subscription-target';

/** The most URIs and globs one session or listen stream may subscribe to. */
export const MAX_SUBSCRIPTIONS = 256;

/**
 * The subscribed URIs of one legacy session (`resources/subscribe`) or one modern
 * `subscriptions/listen` stream, matched against vault changes by one rule
 * ({@link toSubscriptionTarget}): an exact resource URI, or a glob over vault paths in the
 * `vault://` scheme (`vault://Daily/**`, `vault://Daily/*.md`, `vault://**\/*.md`, the syntax
 * of `compileGlob`), encoded or not.
 */
export class ResourceSubscriptions {
  private readonly subscriptions = new Map<string, SubscriptionTarget>();

  /** Adds `uri`; `-32602` past {@link MAX_SUBSCRIPTIONS}. */
  add(uri: string): void {
    if (!this.subscriptions.has(uri) && this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `At most ${MAX_SUBSCRIPTIONS} resource subscriptions are allowed per session or listen stream; unsubscribe from one first.`);
    }
    this.subscriptions.set(uri, toTarget(uri));
  }

  /** Removes `uri` (no error when absent). */
  remove(uri: string): void {
    this.subscriptions.delete(uri);
  }

  /** The subscribed URIs, exactly as subscribed, in subscription order. */
  uris(): string[] {
    return [...this.subscriptions.keys()];
  }

  /** Every notification the subscriptions are due for `change`, in subscription order. */
  matches(change: ResourceChange): SubscriptionMatch[] {
    return [...this.subscriptions].flatMap(([uri, target]) => matchesOf(uri, target, change));
  }

  /**
   * The URIs a legacy session is sent `notifications/resources/updated` for: a glob names each
   * changed resource, any other subscription itself.
   */
  notificationsFor(change: ResourceChange): string[] {
    return [...new Set(this.matches(change).map((match) => (match.glob && match.resource !== null ? match.resource : match.subscribed)))];
  }
}

/** The target of `uri`; a glob too long or with too many alternatives is the client's error (-32602). */
function toTarget(uri: string): SubscriptionTarget {
  try {
    return toSubscriptionTarget(uri);
  } catch (error: unknown) {
    if (isIndxError(error) && error.code === 'invalid_input') throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    throw error;
  }
}
