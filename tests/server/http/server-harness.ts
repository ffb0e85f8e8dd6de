import { TokenStore } from '../../../src/core/auth/token-store';
import { startServer, type RunningServer, type StartServerOptions } from '../../../src/server/start-server';
import { createTempVault, openTempVault, type TempFiles, type TempVault, type TempVaultOptions } from '../../helpers/temp-vault';

/** A temp vault served over real HTTP on 127.0.0.1:0, with one token per scope level. */
export interface ServedVault {
  vault: TempVault;
  server: RunningServer;
  tokens: TokenStore;
  read: string;
  write: string;
  admin: string;
  /** `fetch` against the server with `token` as bearer (none when null). */
  fetch(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  dispose(): Promise<void>;
}

/** Files of the served test vault. */
export const SERVED_FILES: TempFiles = {
  'Welcome.md': '---\ntags: [start]\n---\n# Welcome\n\nSee [[Daily/2026-11-21]] and [[Missing]].\n\n## Next\nmore\n',
  'Daily/2026-11-21.md': '# Saturday\n\n#journal/daily back to [[Welcome]]\n',
  'Lonely.md': 'no links\n',
};

/** Serves a temp vault (made of `files`, or the folder `root`); `options` override the server's (`tokenRefreshMs`: the token store's `refreshMs`). */
export async function serveVault(options: Partial<StartServerOptions> & { files?: TempFiles; root?: string; watch?: boolean; tokenRefreshMs?: number; vaultOptions?: TempVaultOptions } = {}): Promise<ServedVault> {
  const vaultOptions = { ...options.vaultOptions, watch: options.watch };
  // `root`: a folder already written (its engine may need the path first, e.g. for vectors).
  const vault = options.root === undefined ? await createTempVault(options.files ?? SERVED_FILES, vaultOptions) : await openTempVault(options.root, vaultOptions);
  const tokens = await TokenStore.load(vault.engine.storage, { refreshMs: options.tokenRefreshMs });
  const [read, write, admin] = await Promise.all([tokens.create('reader', 'vault:read'), tokens.create('writer', 'vault:read,vault:write'), tokens.create('admin', 'vault:admin')].map(async (created) => (await created).token));
  const server = await startServer({ engine: vault.engine, tokens, port: 0, ...options });
  return {
    vault,
    server,
    tokens,
    read: read ?? '',
    write: write ?? '',
    admin: admin ?? '',
    fetch(path, init = {}) {
      const { token = write ?? null, headers, ...rest } = init;
      return fetch(`${server.url}${path}`, { ...rest, headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...(headers as Record<string, string> | undefined) } });
    },
    async dispose() {
      await server.close();
      await vault.dispose();
    },
  };
}
