import { toUriPath } from './resources/uri-path';

/** The scheme of vault resources. */
export const VAULT_SCHEME = 'vault://';

/** Resources computed from the whole vault: any change may alter them. */
export const VAULT_WIDE_URIS: readonly string[] = ['vault://graph', 'vault://tags', 'stats://vault', 'tags://vault', 'folders://vault', 'recent://vault'];

/** The resource URI of a vault file: `vault://` and its path, each segment percent-encoded. */
export function toVaultUri(path: string): string {
  return `${VAULT_SCHEME}${toUriPath(path)}`;
}
