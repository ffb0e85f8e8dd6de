import type { ServerEventBus } from '@modelcontextprotocol/server';
import type { ResourceChange } from './resource-change';
import { derivedUrisOf, globFormsOf, toVaultUri, VAULT_WIDE_URIS } from './vault-uris';

/** The `_meta` key naming the changed file's URI on a modern `resources/updated` notification. */
export const CHANGED_URI_META_KEY = 'indx/uri';

/**
 * Announces a change on the modern era's `subscriptions/listen` streams. The SDK delivers a
 * `resources/updated` only to streams that listed its URI exactly, so each changed file is
 * published under its own URI, its derived resources, and every glob form that covers it
 * (`globFormsOf`); each carries the file's URI in `_meta['indx/uri']`, since the notification's
 * `uri` is the subscribed form. Vault-wide resources are published once; create, delete and
 * rename also publish `resources/list_changed`.
 */
export function publishModernChange(bus: ServerEventBus, change: ResourceChange): void {
  for (const path of change.paths) {
    const uri = toVaultUri(path);
    for (const form of [uri, ...derivedUrisOf(path), ...globFormsOf(path)]) {
      bus.publish({ kind: 'resource_updated', uri: form, params: { _meta: { [CHANGED_URI_META_KEY]: uri } } });
    }
  }
  for (const uri of VAULT_WIDE_URIS) bus.publish({ kind: 'resource_updated', uri });
  if (change.listChanged) bus.publish({ kind: 'resources_list_changed' });
}
