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
  /** The only tools the token may use (see `resolveToolLimit`); absent: every tool its scopes allow. */
  tools?: string[];
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

/** Called with the names of tokens found revoked (or replaced under the same name). */
export type RevokedListener = (names: readonly string[]) => void;

/**
 * The bearer tokens of one vault, kept as SHA-256 hashes in `tokens.json` in the state folder,
 * which the plugin and the headless server share. Secrets are compared by hash in constant
 * time. The file is re-read when the copy in memory is older than `refreshMs`, and on a miss at
 * most once per `refreshMs` (so a flood of unknown tokens cannot turn into a flood of reads);
 * tokens created or revoked by another process (the `indx token` CLI) take effect without a
 * restart. Whenever a re-read or an in-process `revoke` finds tokens gone, `onRevoked` listeners
 * hear their names, so long-lived streams opened with them can be closed.
 */
export class TokenStore {
  private records: TokenRecord[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<TokenRecord[]> | null = null;
  private missReloadAt = Number.NEGATIVE_INFINITY;
  private readonly revokedListeners = new Set<RevokedListener>();
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

  /**
   * Creates a token with `name` and `scopes`, limited to `tools` when given (a list already
   * checked by `resolveToolLimit`); fails with `already_exists` when the name is taken.
   */
  async create(name: string, scopes: readonly string[] | string, tools?: readonly string[]): Promise<CreatedToken> {
    assertTokenName(name);
    const granted = parseScopes(scopes);
    const limit = tools === undefined ? {} : { tools: [...tools] };
    return await this.change(async (records) => {
      if (records.some((record) => record.name === name)) throw new IndxError('already_exists', `A token named "${name}" already exists. Revoke it first or choose another name.`, { name });
      const token = generateTokenSecret();
      const record: TokenRecord = { name, hash: await hashToken(token), scopes: granted, ...limit, created: this.now() };
      return { records: [...records, record], result: { name, token, scopes: granted, ...limit, created: record.created } };
    });
  }

  /** Every token, sorted by name, with when it was created and last used. */
  async list(): Promise<TokenSummary[]> {
    const [records, usage] = await Promise.all([this.reload(), readTokenUsage(this.storage)]);
    return records
      .map((record) => ({ name: record.name, scopes: record.scopes, ...(record.tools === undefined ? {} : { tools: record.tools }), created: record.created, last_used: usage[record.name] ?? null }))
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
      const stale = this.isStale();
      if (stale) this.missReloadAt = this.clock();
      let record = findByHash(stale ? await this.reload() : this.records, hash);
      if (record === undefined && !stale && this.mayReloadOnMiss()) record = findByHash(await this.reload(), hash);
      if (record !== undefined) this.touch(record.name);
      return record === undefined ? null : { name: record.name, scopes: record.scopes, ...(record.tools === undefined ? {} : { tools: record.tools }) };
    } catch (error: unknown) {
      console.warn('indx: could not read the token file; denying access', error);
      return null;
    }
  }

  /**
   * True while a token named `name` exists, re-reading the token file when the copy in memory
   * is older than `refreshMs` (as `verify` does). An unreadable token file counts as revoked.
   */
  async isActive(name: string): Promise<boolean> {
    try {
      const records = this.isStale() ? await this.reload() : this.records;
      return records.some((record) => record.name === name);
    } catch (error: unknown) {
      console.warn('indx: could not read the token file; treating tokens as revoked', error);
      return false;
    }
  }

  /**
   * Calls `listener` with the names of tokens that disappeared (or were replaced by a new
   * secret under the same name) whenever a re-read or an in-process `revoke` notices it.
   * Returns the unsubscribe function. Revocations by another process are noticed at the next
   * re-read, which `verify` and `isActive` trigger.
   */
  onRevoked(listener: RevokedListener): () => void {
    this.revokedListeners.add(listener);
    return () => void this.revokedListeners.delete(listener);
  }

  private isStale(): boolean {
    return this.clock() - this.loadedAt > (this.options.refreshMs ?? 1000);
  }

  // Security: an unknown token re-reads the file at most once per refresh interval, so a flood
  // of made-up tokens costs one read per interval, not one per request.
  private mayReloadOnMiss(): boolean {
    const now = this.clock();
    if (now - this.missReloadAt < (this.options.refreshMs ?? 1000)) return false;
    this.missReloadAt = now;
    return true;
  }

  /**
   * Re-reads the token file now, so tokens revoked by another process reach the `onRevoked`
   * listeners (open streams) without waiting for a request. An unreadable file changes nothing
   * here: the next request's `verify` reports it and denies.
   */
  async refresh(): Promise<void> {
    await this.reload().catch(() => undefined);
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
    const gone = revokedNames(this.records, records);
    this.records = records;
    this.loadedAt = this.clock();
    if (gone.length > 0) this.announceRevoked(gone);
  }

  private announceRevoked(names: readonly string[]): void {
    for (const listener of this.revokedListeners) {
      try {
        listener(names);
      } catch (error: unknown) {
        console.warn('indx: a token revocation listener failed', error);
      }
    }
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

/** Names present in `before` that are missing from `after` or now carry another secret. */
function revokedNames(before: readonly TokenRecord[], after: readonly TokenRecord[]): string[] {
  const current = new Map(after.map((record) => [record.name, record.hash]));
  return before.filter((record) => current.get(record.name) !== record.hash).map((record) => record.name);
}

/** The record whose hash equals `hash`, comparing against every record in constant time. */
function findByHash(records: readonly TokenRecord[], hash: string): TokenRecord | undefined {
  let found: TokenRecord | undefined;
  for (const record of records) if (constantTimeEqual(record.hash, hash)) found = record;
  return found;
}
