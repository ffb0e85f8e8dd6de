import type { ResourceChange } from './resource-change';
import { toUriPath } from './resources/uri-path';

/** The scheme of vault resources. */
export const VAULT_SCHEME = 'vault://';

/** Resources computed from the whole vault: any change may alter them. */
export const VAULT_WIDE_URIS: readonly string[] = ['vault://graph', 'vault://tags', 'stats://vault', 'tags://vault', 'folders://vault', 'recent://vault'];

/** The resource URI of a vault file: `vault://` and its path, each segment percent-encoded. */
export function toVaultUri(path: string): string {
  return `${VAULT_SCHEME}${toUriPath(path)}`;
}

/** The per-file resources derived from `path` besides the file itself. */
export function derivedUrisOf(path: string): string[] {
  const encoded = toUriPath(path);
  return [`vault://graph/backlinks/${encoded}`, `vault://graph/forward/${encoded}`, `toc://vault/${encoded}`];
}

/**
 * The glob subscriptions a change to `path` falls under, in the only forms a modern client can
 * subscribe with (the SDK matches `subscriptions/listen` URIs exactly): `vault://**`, each
 * ancestor folder's `vault://<folder>/**`, and the parent folder's `vault://<parent>/*`
 * (`vault://*` for a file at the root).
 */
export function globFormsOf(path: string): string[] {
  const folders = path.split('/').slice(0, -1);
  const ancestors = folders.map((_, index) => toUriPath(folders.slice(0, index + 1).join('/')));
  const parent = ancestors.at(-1);
  return ['vault://**', ...ancestors.map((folder) => `vault://${folder}/**`), parent === undefined ? 'vault://*' : `vault://${parent}/*`];
}

/** Every exact resource URI a change may have altered: the files, their derived resources, and the vault-wide ones. */
export function affectedUrisOf(change: ResourceChange): Set<string> {
  const uris = new Set<string>(VAULT_WIDE_URIS);
  for (const path of change.paths) for (const uri of [toVaultUri(path), ...derivedUrisOf(path)]) uris.add(uri);
  return uris;
}
