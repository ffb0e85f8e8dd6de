import { IndxError } from '../errors';
import type { Scope } from '../ops/operation';
import type { Storage } from '../vault/storage';
import { constantTimeEqual } from './constant-time-equal';
import { hashToken } from './hash-token';
import { parseScopes } from './parse-scopes';
import { readTokenFile, readTokenUsage, writeTokenFile, writeTokenUsage, type TokenRecord } from './token-file';
import { assertTokenName } from './token-name';
import { generateTokenSecret, isTokenSecret } from './token-secret';

/** Who a verified token belongs to. */
export interface TokenIdentity {
  name: string;
  scopes: Scope[];
}

/** A newly created token; `token` is the secret, shown this once and never stored. */
export interface CreatedToken extends TokenIdentity {
  token: string;
  created: string;
}

/** A token as listed: never its secret or hash. */
export interface TokenSummary extends TokenIdentity {
  created: string;
  last_used: string | null;
}

/** Options of {@link TokenStore}. */
export interface TokenStoreOptions {
  /** Milliseconds since the epoch (default `Date.now`). */
  clock?: () => number;
  /** Re-read the token file when the copy in memory is older than this (default 1000 ms), so a token revoked by another process stops working. */
  refreshMs?: number;
  /** Write `last_used` at most this often per token (default 60 000 ms). */
  usageWriteMs?: number;
}

/**
 * The bearer tokens of one vault, kept as SHA-256 hashes in `tokens.json` in the state folder,
 * which the plugin and the headless server share. Secrets are compared by hash in constant
 * time. The file is re-read on a miss and at least every `refreshMs`, so tokens created or
 * revoked by another process (the `indx token` CLI) take effect without a restart.
 */
export class TokenStore {
  private records: TokenRecord[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<TokenRecord[]> | null = null;
  private readonly lastWritten = new Map<string, number>();
  private usageWrites: Promise<void> = Promise.resolve();
  private changes: Promise<unknown> = Promise.resolve();
  private writes = 0;
  private readonly clock: () => number;

  constructor(
    private readonly storage: Storage,
    private readonly options: TokenStoreOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** A store over `storage` with the token file read once, so a broken file is reported up front. */
  static async load(storage: Storage, options: TokenStoreOptions = {}): Promise<TokenStore> {
    const store = new TokenStore(storage, options);
    await store.reload();
    return store;
  }

  /** Creates a token with `name` and `scopes`; fails with `already_exists` when the name is taken. */
  async create(name: string, scopes: readonly string[] | string): Promise<CreatedToken> {
    assertTokenName(name);
    const granted = parseScopes(scopes);
    return await this.change(async (records) => {
      if (records.some((record) => record.name === name)) throw new IndxError('already_exists', `A token named "${name}" already exists. Revoke it first or choose another name.`, { name });
      const token = generateTokenSecret();
      const record: TokenRecord = { name, hash: await hashToken(token), scopes: granted, created: this.now() };
      return { records: [...records, record], result: { name, token, scopes: granted, created: record.created } };
    });
  }

  /** Every token, sorted by name, with when it was created and last used. */
  async list(): Promise<TokenSummary[]> {
    const [records, usage] = await Promise.all([this.reload(), readTokenUsage(this.storage)]);
    return records
      .map((record) => ({ name: record.name, scopes: record.scopes, created: record.created, last_used: usage[record.name] ?? null }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Revokes the token `name`; fails with `not_found` when there is none. */
  revoke(name: string): Promise<void> {
    return this.change((records) => {
      if (!records.some((record) => record.name === name)) throw new IndxError('not_found', `There is no token named "${name}". List tokens with "indx token list".`, { name });
      return Promise.resolve({ records: records.filter((record) => record.name !== name), result: undefined });
    });
  }

  /**
   * The identity of a presented secret, or null when it is malformed, unknown or revoked.
   * Never throws: an unreadable token file denies access (and warns).
   */
  async verify(secret: string): Promise<TokenIdentity | null> {
    if (!isTokenSecret(secret)) return null;
    try {
      const hash = await hashToken(secret);
      const stale = this.clock() - this.loadedAt > (this.options.refreshMs ?? 1000);
      let record = findByHash(stale ? await this.reload() : this.records, hash);
      if (record === undefined && !stale) record = findByHash(await this.reload(), hash);
      if (record !== undefined) this.touch(record.name);
      return record === undefined ? null : { name: record.name, scopes: record.scopes };
    } catch (error: unknown) {
      console.warn('indx: could not read the token file; denying access', error);
      return null;
    }
  }

  /** Re-reads the token file; concurrent callers share one read. */
  private reload(): Promise<TokenRecord[]> {
    const writesBefore = this.writes;
    this.loading ??= readTokenFile(this.storage)
      .then((records) => {
        // A read that started before this process wrote the file must not replace the newer copy.
        if (this.writes === writesBefore) this.remember(records);
        return records;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  private remember(records: TokenRecord[]): void {
    this.records = records;
    this.loadedAt = this.clock();
  }

  /** Applies one change to a fresh copy of the file; changes in this process run one at a time. */
  private change<T>(edit: (records: TokenRecord[]) => Promise<{ records: TokenRecord[]; result: T }>): Promise<T> {
    const run = this.changes.then(async () => {
      const { records, result } = await edit(await readTokenFile(this.storage));
      await writeTokenFile(this.storage, records);
      this.writes += 1;
      this.remember(records);
      return result;
    });
    this.changes = run.catch(() => undefined);
    return run;
  }

  /** Records `last_used`, throttled; a failure to write it never fails the request. */
  private touch(name: string): void {
    const now = this.clock();
    if (now - (this.lastWritten.get(name) ?? Number.NEGATIVE_INFINITY) < (this.options.usageWriteMs ?? 60_000)) return;
    this.lastWritten.set(name, now);
    this.usageWrites = this.usageWrites
      .then(() => readTokenUsage(this.storage))
      .then((usage) => writeTokenUsage(this.storage, { ...usage, [name]: new Date(now).toISOString() }))
      .catch((error: unknown) => console.warn('indx: could not record token use', error));
  }

  /** Resolves when every pending `last_used` write has reached storage. */
  flush(): Promise<void> {
    return this.usageWrites;
  }

  private now(): string {
    return new Date(this.clock()).toISOString();
  }
}

/** The record whose hash equals `hash`, comparing against every record in constant time. */
function findByHash(records: readonly TokenRecord[], hash: string): TokenRecord | undefined {
  let found: TokenRecord | undefined;
  for (const record of records) if (constantTimeEqual(record.hash, hash)) found = record;
  return found;
}
