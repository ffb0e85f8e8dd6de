import type { AuditRecorder } from '../audit/audit-log';
import type { SearchService } from '../search/service/search-service';
import type { EtagFunction } from '../vault/etag';
import type { Storage } from '../vault/storage';
import type { VaultHost } from '../vault/vault-host';

/** What an operation's `run` is given: the vault, its state, and who is asking. */
export interface OperationContext {
  host: VaultHost;
  storage: Storage;
  etag: EtagFunction;
  audit: AuditRecorder;
  /** Who is calling (`token:<name>`, `cli`, `plugin`): recorded in audit events. */
  actor: string;
  clock: () => number;
  /** The vault's search index, or null when the engine was created without one. */
  search: SearchService | null;
}
