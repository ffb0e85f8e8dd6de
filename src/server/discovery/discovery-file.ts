import { createHash } from 'node:crypto';
import { constants, promises as fs, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import { writeFileAtomic } from '../../hosts/node/atomic-write';
import { currentUserId, findOwnershipProblem, toTrustedBaseUrl } from './discovery-trust';
import { isProcessAlive } from './is-process-alive';

/**
 * What a running server (the Obsidian plugin or `indx serve`) tells local clients about itself,
 * so `indx mcp serve --stdio` and the CLI can find it. Never a secret: tokens are configured on
 * the client side (`INDX_TOKEN`, `--token-file`).
 */
export interface DiscoveryRecord {
  version: 1;
  /** Which host serves the vault. */
  host: 'obsidian' | 'headless';
  /** Base URL, e.g. http://127.0.0.1:27643 (MCP at /mcp, REST at /v1). */
  url: string;
  port: number;
  /** Absolute, real path of the vault folder. */
  vault_path: string;
  vault_name: string;
  /** Process serving the vault; a record whose process is gone is stale. */
  pid: number;
  /** ISO 8601 time the server started. */
  started_at: string;
}

/** What reading the discovery folder found: the records to use, and why others were not used. */
export interface DiscoveryScan {
  /** Live records from files only this user can change, each naming a loopback URL on its own port. */
  records: DiscoveryRecord[];
  /** One sentence per folder or record that was not trusted: what is wrong and how to fix it. */
  ignored: string[];
}

/** Reading flags of a record file: never through a symbolic link, never blocking on a FIFO. */
const OPEN_RECORD = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * The folder holding one discovery file per served vault: `$INDX_HOME/instances`, by default
 * `~/.indx/instances`.
 */
export function discoveryFolder(environment: NodeJS.ProcessEnv = process.env): string {
  return path.join(environment.INDX_HOME ?? path.join(homedir(), '.indx'), 'instances');
}

/** The discovery file of the vault at `vaultPath` (named by a hash of its real path). */
export function discoveryFileFor(vaultPath: string, folder = discoveryFolder()): string {
  const digest = createHash('sha256').update(realPathOf(vaultPath)).digest('hex').slice(0, 16);
  return path.join(folder, `${digest}.json`);
}

/**
 * Writes `record` atomically (mode 0600) and resolves with a function that removes it again,
 * unless another process has replaced it since (a second server on the same vault). Security:
 * the folder is made private (0700) on every write, not only when it is created, because
 * readers ignore a folder that other users can write.
 */
export async function writeDiscovery(record: DiscoveryRecord, folder = discoveryFolder()): Promise<() => Promise<void>> {
  const file = discoveryFileFor(record.vault_path, folder);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  await fs.chmod(folder, 0o700);
  await writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  return async () => {
    const current = parseRecord(await fs.readFile(file, 'utf8').catch(() => ''));
    if (current?.pid === record.pid && current.port === record.port) await fs.rm(file, { force: true });
  };
}

/**
 * Reads the discovery folder (only the file of `vaultPath` when given). Malformed files and
 * records of exited processes are skipped silently; a folder or file that another user owns or
 * may write, and a record whose URL is not loopback on its own port, are skipped and explained
 * in `ignored`. Security: clients send their token to the URL of a record, so only records the
 * current user alone could have written are used.
 */
export async function scanDiscoveries(folder = discoveryFolder(), vaultPath?: string): Promise<DiscoveryScan> {
  const uid = currentUserId();
  const folderStats = await fs.stat(folder).catch(() => null);
  if (folderStats === null) return { records: [], ignored: [] };
  const folderProblem = folderStats.isDirectory() ? findOwnershipProblem(folderStats, uid) : 'is not a folder';
  if (folderProblem !== null) return { records: [], ignored: [describeFolderProblem(folder, folderProblem)] };
  const files = vaultPath === undefined ? await recordFilesIn(folder) : [discoveryFileFor(vaultPath, folder)];
  const readings = await Promise.all(files.map((file) => readTrustedRecord(file, uid)));
  return {
    records: readings.flatMap((reading) => (reading?.kind === 'record' && isProcessAlive(reading.record.pid) ? [reading.record] : [])),
    ignored: readings.flatMap((reading) => (reading?.kind === 'ignored' ? [reading.reason] : [])),
  };
}

/** Every live, trusted record in `folder` (see {@link scanDiscoveries}). */
export async function readDiscoveries(folder = discoveryFolder()): Promise<DiscoveryRecord[]> {
  return (await scanDiscoveries(folder)).records;
}

/**
 * The live, trusted record for the vault at `vaultPath`; without a vault, the only live record
 * (null when there are none or several). See {@link scanDiscoveries} for what is trusted.
 */
export async function findDiscovery(vaultPath?: string, folder = discoveryFolder()): Promise<DiscoveryRecord | null> {
  const { records } = await scanDiscoveries(folder, vaultPath);
  return records.length === 1 ? (records[0] ?? null) : null;
}

async function recordFilesIn(folder: string): Promise<string[]> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.json')).map((name) => path.join(folder, name));
}

type RecordReading = { kind: 'record'; record: DiscoveryRecord } | { kind: 'ignored'; reason: string };

/** The record in `file` with its URL made canonical; null when there is none (missing, malformed). */
async function readTrustedRecord(file: string, uid: number | null): Promise<RecordReading | null> {
  const text = await readOwnFile(file, uid);
  if (text === null) return null;
  if (typeof text !== 'string') return { kind: 'ignored', reason: describeFileProblem(file, text.problem) };
  const record = parseRecord(text);
  if (record === null) return null;
  const url = toTrustedBaseUrl(record.url, record.port);
  if (url === null) return { kind: 'ignored', reason: describeUrlProblem(file, record) };
  return { kind: 'record', record: { ...record, url } };
}

/** The text of `file` when it is a regular file only `uid` can change; its problem otherwise; null when missing. */
async function readOwnFile(file: string, uid: number | null): Promise<string | { problem: string } | null> {
  const handle = await fs.open(file, OPEN_RECORD).catch((error: unknown) => (error as NodeJS.ErrnoException).code ?? 'EIO');
  if (typeof handle === 'string') return handle === 'ENOENT' ? null : { problem: handle === 'ELOOP' ? 'is a symbolic link' : `cannot be read (${handle})` };
  try {
    const stats = await handle.stat();
    const problem = stats.isFile() ? findOwnershipProblem(stats, uid) : 'is not a regular file';
    return problem === null ? await handle.readFile('utf8') : { problem };
  } finally {
    await handle.close();
  }
}

/**
 * The record in a file's text; null when it is not JSON or not a version-1 record. Checked by
 * hand rather than with a schema library: the stdio relay, a small file of its own, reads it.
 */
function parseRecord(text: string): DiscoveryRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return isDiscoveryRecord(value) ? value : null;
}

function isDiscoveryRecord(value: unknown): value is DiscoveryRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const texts = [record.url, record.vault_path, record.vault_name, record.started_at].every((field) => typeof field === 'string');
  return record.version === 1 && (record.host === 'obsidian' || record.host === 'headless') && texts && Number.isInteger(record.port) && Number.isInteger(record.pid);
}

function describeFolderProblem(folder: string, problem: string): string {
  const fix = problem.startsWith('is writable') ? `run: chmod 700 "${folder}"` : 'remove it (a running indx server writes it again)';
  return `The discovery folder ${folder} ${problem}, so no record in it is used (another user could point indx at a server of theirs and receive your token). To fix it, ${fix}.`;
}

function describeFileProblem(file: string, problem: string): string {
  return `The discovery record ${file} ${problem}, so it is not used. Remove it; a running indx server writes it again.`;
}

function describeUrlProblem(file: string, record: DiscoveryRecord): string {
  // JSON quoting keeps control characters of a hostile URL off the terminal.
  return `The discovery record ${file} names the URL ${JSON.stringify(record.url)}, which is not http://127.0.0.1, http://[::1] or http://localhost on the record's port ${record.port}, so it is not used and no token is sent there. Remove it.`;
}

function realPathOf(vaultPath: string): string {
  try {
    return realpathSync(path.resolve(vaultPath));
  } catch {
    return path.resolve(vaultPath);
  }
}
