import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { discoveryFolder, findDiscovery, scanDiscoveries, type DiscoveryRecord } from '../../../../src/server/discovery/discovery-file';
import { readTokenLine } from '../token-file';

/** How a client command names the server it talks to. */
export interface ServerChoice {
  /** `--url`: a base URL such as http://127.0.0.1:27643 (wins over discovery). */
  url?: string;
  /** `--vault`: the vault whose running server (plugin or `indx serve`) is wanted. */
  vault?: string;
  /** `--token-file`: a file holding the bearer token (wins over INDX_TOKEN). */
  tokenFile?: string;
}

/** A server to talk to: its base URL, the token to send, and its discovery record if found by one. */
export interface ServerTarget {
  url: string;
  token: string | null;
  record: DiscoveryRecord | null;
}

/**
 * Finds the server a command should talk to: `--url` / `INDX_URL`, else the discovery record of
 * `--vault` / `INDX_VAULT`, else the only live record, read from `folder` (default
 * `$INDX_HOME/instances` of `environment`). Only trusted records count (see `scanDiscoveries`).
 * Null when none is running (the caller may then serve the vault in-process). The token comes
 * from `--token-file`, else `INDX_TOKEN`.
 */
export async function locateServer(choice: ServerChoice, environment: NodeJS.ProcessEnv = process.env, folder: string = discoveryFolder(environment)): Promise<ServerTarget | null> {
  const token = await readToken(choice, environment);
  const url = chosenUrl(choice, environment);
  if (url !== undefined) return { url: url.replace(/\/+$/, ''), token, record: null };
  const record = await findDiscovery(chosenVault(choice, environment), folder);
  return record === null ? null : { url: record.url, token, record };
}

/**
 * Why {@link locateServer} passed over discovery records for `choice`: one sentence per folder
 * or record it did not trust (see `scanDiscoveries`); empty when `--url` / `INDX_URL` is given.
 */
export async function explainIgnoredDiscoveries(choice: ServerChoice, environment: NodeJS.ProcessEnv = process.env, folder: string = discoveryFolder(environment)): Promise<string[]> {
  if (chosenUrl(choice, environment) !== undefined) return [];
  return (await scanDiscoveries(folder, chosenVault(choice, environment))).ignored;
}

/**
 * The vaults of the running servers when several run and `choice` names none of them (no
 * `--url` / INDX_URL, no `--vault` / INDX_VAULT); null otherwise. Nothing is then chosen: the
 * caller names the vaults and asks for `--vault`.
 */
export async function findUnchosenServers(choice: ServerChoice, environment: NodeJS.ProcessEnv = process.env, folder: string = discoveryFolder(environment)): Promise<string[] | null> {
  if (chosenUrl(choice, environment) !== undefined || chosenVault(choice, environment) !== undefined) return null;
  const { records } = await scanDiscoveries(folder);
  return records.length > 1 ? records.map((record) => record.vault_path) : null;
}

/** What to tell a user when several servers run and none was chosen (see {@link findUnchosenServers}). */
export function describeUnchosenServers(vaults: readonly string[]): string {
  return `${vaults.length} indx servers are running (${vaults.join(', ')}); pass --vault DIR (or set INDX_VAULT) or --url URL to choose one.`;
}

/** The bearer token: the first line of `--token-file`, else `INDX_TOKEN`; null when neither is set. */
export async function readToken(choice: Pick<ServerChoice, 'tokenFile'>, environment: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (choice.tokenFile !== undefined) {
    // A missing file is ENOENT, as before: readTokenLine reads a missing file as empty.
    await access(choice.tokenFile);
    const token = await readTokenLine(choice.tokenFile);
    if (token === null) throw new Error(`The token file ${choice.tokenFile} is empty.`);
    return token;
  }
  const token = environment.INDX_TOKEN?.trim();
  return token === undefined || token === '' ? null : token;
}

function chosenUrl(choice: ServerChoice, environment: NodeJS.ProcessEnv): string | undefined {
  const url = choice.url ?? environment.INDX_URL;
  return url === undefined || url === '' ? undefined : url;
}

function chosenVault(choice: ServerChoice, environment: NodeJS.ProcessEnv): string | undefined {
  const vault = choice.vault ?? environment.INDX_VAULT;
  return vault === undefined || vault === '' ? undefined : resolve(vault);
}
