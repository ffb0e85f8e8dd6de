import { InvalidArgumentError, type Command } from 'commander';
import { loadRuntime } from '../load-runtime';

/** The options of `indx serve`. */
export interface ServeOptions {
  vault: string;
  port?: number;
  newToken?: string | boolean;
  tokenFile?: string;
}

/**
 * `indx serve --vault DIR [--port N] [--new-token [PREFIX] | --token-file FILE]`: serves a vault
 * folder headlessly (MCP at /mcp, REST under /v1) on 127.0.0.1 until interrupted (SIGINT,
 * SIGTERM, SIGHUP), holding the vault's write lock, and prints the URL, the AI model in use (or
 * that AI is off and how to switch it on), the token and ready-to-paste MCP client
 * configuration. A token made by `--new-token` lives as long as the server: it is revoked at
 * shutdown, so repeated runs do not pile up tokens. The token of `--token-file` outlives the
 * server, so configuration pasted from one run keeps working in the next (`npm start`). While it runs, a discovery record
 * (host `headless`: URL, port, vault path, pid; never a secret) tells `indx mcp serve --stdio`
 * and the CLI where to find it; it is removed at shutdown.
 */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Serve a vault folder over HTTP on 127.0.0.1 (MCP at /mcp, REST at /v1) until interrupted')
    .requiredOption('--vault <dir>', 'vault folder')
    .option('--port <port>', 'port on 127.0.0.1 (default: the vault configuration\'s server.port, 27643); 0 picks a free port', parsePort)
    .option('--new-token [prefix]', 'create a fresh read+write token named <prefix>-<time> (default prefix "serve"), print it once and revoke it when the server stops')
    .option('--token-file <file>', 'keep a token across restarts: use the token in <file> when the vault knows it; when the file is missing or empty, create a read+write token and write it there (mode 0600); never revoked on stop, never overwritten')
    // The engine, the HTTP server and the MCP SDK load when a server starts (serve-run.ts, in the
    // runtime), not with every command: `indx --help` does not pay for them.
    .action(async (options: ServeOptions) => (await loadRuntime()).serveCommand(options));
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is an integer from 0 to 65535');
  return port;
}
