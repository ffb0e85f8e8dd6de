import type { ServerEventBus } from '@modelcontextprotocol/server';
import type { ResourceChange } from './resource-change';
import type { ResourceSubscriptions } from './resource-subscriptions';

/** The `_meta` key naming the changed resource's URI on a modern `resources/updated` notification. */
export const CHANGED_URI_META_KEY = 'indx/uri';

/**
 * Announces a change on the modern era's `subscriptions/listen` streams. The SDK delivers a
 * `resources/updated` only to streams whose filter lists its URI exactly, so the endpoint keeps
 * each open stream's filter (`streams`) and matches the change against it with the rule legacy
 * sessions use; every filter entry that matches is published under its own exact string, once
 * per changed resource, which reaches exactly the streams that listed it. A per-file match
 * carries the changed resource's URI in `_meta['indx/uri']` (the URI a legacy session would be
 * sent). Create, delete and rename also publish `resources/list_changed`.
 */
export function publishModernChange(bus: ServerEventBus, change: ResourceChange, streams: Iterable<ResourceSubscriptions>): void {
  const published = new Set<string>();
  for (const subscriptions of streams) {
    for (const { subscribed, resource } of subscriptions.matches(change)) {
      const key = JSON.stringify([subscribed, resource]);
      if (published.has(key)) continue;
      published.add(key);
      bus.publish({ kind: 'resource_updated', uri: subscribed, ...(resource === null ? {} : { params: { _meta: { [CHANGED_URI_META_KEY]: resource } } }) });
    }
  }
  if (change.listChanged) bus.publish({ kind: 'resources_list_changed' });
}
