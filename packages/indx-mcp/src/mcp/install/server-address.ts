import { DEFAULT_PORT, readVaultConfig } from '../../../../../src/core/config/vault-config';
import { IndxError } from '../../../../../src/core/errors';
import { isLoopbackHostname } from '../../../../../src/server/http/loopback';
import { FileStorage } from '../../../../../src/hosts/node/file-storage';
import { vaultStateDir } from '../../vault-state-dir';
import { discoveryFolder, findDiscovery } from '../../../../../src/server/discovery/discovery-file';
import { describeUnchosenServers, findUnchosenServers } from '../../connect/locate-server';
import { requireVaultFolder } from '../../require-vault-folder';

/** The base URL an HTTP entry gets, and where it came from. */
export interface ServerAddress {
  /** e.g. `http://127.0.0.1:27643` (MCP at `/mcp`). */
  url: string;
  /** `option`: --url; `running`: the discovery record of the running server; `configured`: the vault configuration's port; `default`: port 27643. */
  source: 'option' | 'running' | 'configured' | 'default';
  /** The running server's port is not the one in the vault's configuration: the entry stops working when it restarts there. */
  warning?: string;
}

/**
 * The server an HTTP entry points at: `--url` (a base URL or its `/mcp`); else the running
 * server of `--vault` (or the only one running; several without `--vault` is `invalid_input`
 * naming them); else the port in the vault's configuration; else the default port.
 */
export async function findServerAddress(choice: { url?: string; vault?: string }, environment: NodeJS.ProcessEnv): Promise<ServerAddress> {
  if (choice.url !== undefined) return { url: toBaseUrl(choice.url), source: 'option' };
  const vault = choice.vault === undefined ? undefined : await requireVaultFolder(choice.vault);
  const unchosen = await findUnchosenServers({ vault }, environment);
  if (unchosen !== null) throw new IndxError('invalid_input', `${describeUnchosenServers(unchosen)} The entry is written for one server.`, { vaults: unchosen });
  const record = await findDiscovery(vault, discoveryFolder(environment));
  const configured = vault === undefined ? DEFAULT_PORT : (await readVaultConfig(new FileStorage(vaultStateDir(vault)))).server.port;
  if (record !== null && vault !== undefined && record.port !== configured) {
    const warning = `the server runs on port ${record.port}, but the vault's configured port is ${configured}: when it restarts there, run this install again with --force.`;
    return { url: record.url, source: 'running', warning };
  }
  if (record !== null) return { url: record.url, source: 'running' };
  return { url: `http://127.0.0.1:${configured}`, source: vault === undefined ? 'default' : 'configured' };
}

/**
 * The server's base URL from `--url`: an `http://` address on this computer's loopback (where
 * indx listens), with or without its `/mcp` path; `invalid_input` for anything else. Security:
 * the entry sends the token to this URL, so it never names another machine.
 */
export function toBaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error: unknown) {
    throw new IndxError('invalid_input', `--url takes the server's address, e.g. http://127.0.0.1:27643; got "${url}".`, { url }, { cause: error });
  }
  if (parsed.protocol !== 'http:' || !isLoopbackHostname(parsed.hostname)) throw new IndxError('invalid_input', `--url takes an http:// address on this computer (127.0.0.1, localhost or [::1]), where indx listens; got "${url}".`, { url });
  if (parsed.search !== '' || parsed.hash !== '') throw new IndxError('invalid_input', `--url takes the server's address without a query or fragment, e.g. http://127.0.0.1:27643; got "${url}".`, { url });
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '').replace(/\/mcp$/, '')}`;
}
