import { clearTimeout, setTimeout } from 'node:timers';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ENGINE_VERSION } from '../../../../../src/core/ops/vault/vault-status';
import { resolveHttpEntry, type ClientEntry } from '../../../../../src/server/clients/client-entries';
import { httpClientOf, type ConfigLocation } from './client-targets';
import { redactSecrets } from './redact-secrets';

/** What trying an entry found: it answered (with its tool count), it failed (why), or it could not be tried (why). */
export type ProbeResult = { state: 'working'; tools: number } | { state: 'failing'; reason: string } | { state: 'unchecked'; reason: string };

/** How long one entry may take to answer `initialize` and `tools/list` by default. */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;

/**
 * Starts `entry` the way its client does and speaks MCP to it: a stdio entry is spawned
 * (`command`, `args`, the SDK's default environment plus the entry's `env`, as clients spawn
 * servers), an HTTP entry is connected to with its URL and headers, the client's variables
 * expanded from `environment`. Working means `initialize` and `tools/list` both answered within
 * `timeoutMs`. The reason of a failure never holds a secret.
 */
export async function probeEntry(location: ConfigLocation, entry: ClientEntry, environment: NodeJS.ProcessEnv, timeoutMs = DEFAULT_PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  const transport = toTransport(location, entry, environment);
  if ('state' in transport) return transport;
  const client = new Client({ name: 'indx-mcp-status', version: ENGINE_VERSION });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const tools = await Promise.race([client.connect(transport).then(() => client.listTools()), deadline]);
    return { state: 'working', tools: tools.tools.length };
  } catch (error: unknown) {
    return { state: 'failing', reason: redactSecrets(describeFailure(error)) as string };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}

function toTransport(location: ConfigLocation, entry: ClientEntry, environment: NodeJS.ProcessEnv): Transport | ProbeResult {
  const client = httpClientOf(location);
  if (client !== null && typeof entry.url === 'string') {
    const resolved = resolveHttpEntry(client, entry, environment);
    if ('problem' in resolved) return { state: 'unchecked', reason: resolved.problem };
    return new StreamableHTTPClientTransport(new URL(resolved.url), { requestInit: { headers: resolved.headers } });
  }
  if (typeof entry.url === 'string' && typeof entry.command !== 'string') return { state: 'failing', reason: `${location.label} does not connect to a URL from its configuration file: it starts commands only (run "indx mcp install -t ${location.target}", or use the .mcpb bundle of "indx mcp bundle")` };
  if (typeof entry.command !== 'string') return { state: 'failing', reason: 'the entry has neither a command nor a URL' };
  const args = Array.isArray(entry.args) ? entry.args.map(String) : [];
  const env = typeof entry.env === 'object' && entry.env !== null ? (entry.env as Record<string, string>) : {};
  return new StdioClientTransport({ command: entry.command, args, env, stderr: 'pipe' });
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `the command cannot be started (${message})`;
  return message.split('\n')[0]?.slice(0, 400) ?? message;
}
