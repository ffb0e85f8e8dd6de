import type { VaultEvent } from '../../core/vault/vault-host';

/** What one vault event means for resource subscribers. */
export interface ResourceChange {
  /** Vault paths whose resources changed; a rename names the old path and the new one. */
  paths: string[];
  /** Files appeared, vanished or moved, so `resources/list` changed. */
  listChanged: boolean;
}

/**
 * The resource change of a vault event, or null for `metadata` events: those follow the file
 * event they stem from, which has already been announced.
 */
export function toResourceChange(event: VaultEvent): ResourceChange | null {
  switch (event.type) {
    case 'modify':
      return { paths: [event.path], listChanged: false };
    case 'create':
    case 'delete':
      return { paths: [event.path], listChanged: true };
    case 'rename':
      return { paths: [event.oldPath, event.path], listChanged: true };
    case 'metadata':
      return null;
  }
}
