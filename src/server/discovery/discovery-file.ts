import { createHash } from 'node:crypto';
import { promises as fs, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../hosts/node/atomic-write';

/**
 * What a running server (the Obsidian plugin or `indx serve`) tells local clients about itself,
 * so `indx mcp serve --stdio` and the CLI can find it. Never a secret: tokens are configured on
 * the client side (`INDX_TOKEN`, `--token-file`).
 */
export const discoveryRecordSchema = z.object({
  version: z.literal(1),
  host: z.enum(['obsidian', 'headless']).describe('Which host serves the vault.'),
  url: z.string().describe('Base URL, e.g. http://127.0.0.1:27643 (MCP at /mcp, REST at /v1).'),
  port: z.number().int(),
  vault_path: z.string().describe('Absolute, real path of the vault folder.'),
  vault_name: z.string(),
  pid: z.number().int().describe('Process serving the vault; a record whose process is gone is stale.'),
  started_at: z.string().describe('ISO 8601 time the server started.'),
});

/** One discovery record. */
export type DiscoveryRecord = z.infer<typeof discoveryRecordSchema>;

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
 * unless another process has replaced it since (a second server on the same vault).
 */
export async function writeDiscovery(record: DiscoveryRecord, folder = discoveryFolder()): Promise<() => Promise<void>> {
  const file = discoveryFileFor(record.vault_path, folder);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  return async () => {
    const current = await readRecord(file);
    if (current?.pid === record.pid && current.port === record.port) await fs.rm(file, { force: true });
  };
}

/** Every live record in `folder` (malformed files and records of exited processes skipped). */
export async function readDiscoveries(folder = discoveryFolder()): Promise<DiscoveryRecord[]> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const records = await Promise.all(names.filter((name) => name.endsWith('.json')).map((name) => readRecord(path.join(folder, name))));
  return records.filter((record): record is DiscoveryRecord => record !== null && isProcessAlive(record.pid));
}

/**
 * The live record for the vault at `vaultPath`; without a vault, the only live record (null
 * when there are none or several).
 */
export async function findDiscovery(vaultPath?: string, folder = discoveryFolder()): Promise<DiscoveryRecord | null> {
  if (vaultPath !== undefined) {
    const record = await readRecord(discoveryFileFor(vaultPath, folder));
    return record !== null && isProcessAlive(record.pid) ? record : null;
  }
  const records = await readDiscoveries(folder);
  return records.length === 1 ? (records[0] ?? null) : null;
}

async function readRecord(file: string): Promise<DiscoveryRecord | null> {
  try {
    const parsed = discoveryRecordSchema.safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function realPathOf(vaultPath: string): string {
  try {
    return realpathSync(path.resolve(vaultPath));
  } catch {
    return path.resolve(vaultPath);
  }
}
