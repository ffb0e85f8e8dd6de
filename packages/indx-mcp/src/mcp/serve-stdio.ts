import { parseScopes } from '../../../../src/core/auth/parse-scopes';
import { resolveToolLimit } from '../../../../src/core/auth/tool-profiles';
import type { Caller } from '../../../../src/core/engine';
import { IndxError } from '../../../../src/core/errors';
import { customProfilesOf } from '../custom-profiles';
import { explainIgnoredDiscoveries, locateServer, type ServerChoice } from '../connect/locate-server';
import { serveVaultOverStdio, STDIO_DEFAULT_SCOPES } from './headless-stdio';
import { LineTransport } from './relay/line-transport';
import { StdioRelay } from './relay/stdio-relay';

/** Options of `indx mcp serve`. */
export interface ServeStdioOptions extends ServerChoice {
  stdio?: boolean;
  scopes?: string;
  profile?: string;
  tools?: string;
}

/**
 * `indx mcp serve --stdio`: relays stdio to the running server of the vault (the Obsidian plugin
 * or `indx serve`, found by its discovery record or `--url`); with `--vault` / `INDX_VAULT` and
 * no server running, serves the vault itself (headless). Resolves with the exit status. Logs go
 * to stderr only: stdout carries the protocol.
 */
export async function serveMcpStdio(options: ServeStdioOptions, environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (options.stdio !== true) throw new IndxError('invalid_input', 'indx mcp serve speaks MCP over stdio only: pass --stdio. To serve MCP over HTTP, run "indx serve --vault DIR".');
  keepStdoutForProtocol();
  const choice: ServerChoice = { url: options.url, vault: options.vault, tokenFile: options.tokenFile };
  const target = await locateServer(choice, environment);
  const vault = options.vault ?? nonEmpty(environment.INDX_VAULT);
  if (target === null) for (const reason of await explainIgnoredDiscoveries(choice, environment)) log(reason);
  if (target === null && vault !== undefined) {
    const caller = await stdioCaller(options, vault);
    log(`no indx server is running for "${vault}"; serving it from this process`);
    await serveVaultOverStdio({ vault, caller });
    return 0;
  }
  if (options.scopes !== undefined || options.profile !== undefined || options.tools !== undefined) log('--scopes, --profile and --tools apply only when this process serves the vault itself; relayed, the session has what its token allows');
  if (target === null) log('no running indx server was found yet; requests wait for one (open the vault in Obsidian with indx enabled, or run "indx serve --vault DIR")');
  const relay = new StdioRelay({ choice, transport: new LineTransport(), environment });
  const stop = (): void => void relay.stop(0);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
  return relay.run();
}

/**
 * Who a headless session's client is: `stdio`, with `--scopes` (default read and write, seed
 * 000 §6.1: admin only when asked for) and the `--profile` (built-in or the configuration's) /
 * `--tools` limit. Checked before the vault is served, so a typo fails at once with `invalid_input`.
 */
async function stdioCaller(options: ServeStdioOptions, vault: string): Promise<Caller> {
  const scopes = parseScopes(options.scopes ?? STDIO_DEFAULT_SCOPES);
  const custom = options.profile === undefined ? {} : await customProfilesOf(vault);
  const tools = resolveToolLimit({ profile: options.profile, tools: options.tools }, custom);
  return { actor: 'stdio', scopes, ...(tools === undefined ? {} : { tools }) };
}

/** stdout carries the protocol: whatever a library prints with `console` goes to stderr instead. */
function keepStdoutForProtocol(): void {
  const toStderr = (...values: unknown[]): void => console.error(...values);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

function log(line: string): void {
  process.stderr.write(`indx mcp: ${line}\n`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
