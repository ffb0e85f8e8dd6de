import { clearTimeout, setTimeout } from 'node:timers';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ENGINE_VERSION } from '../../../../../src/core/version';
import { resolveHttpEntry, type ClientEntry } from '../../../../../src/server/clients/client-entries';
import { httpClientOf, type ConfigLocation } from './client-targets';
import { isRecord } from '../../rest/is-record';
import { DEFAULT_PROBE_TIMEOUT_MS } from './probe-timeout';
import { redactSecrets } from './redact-secrets';

/** What trying an entry found: it answered (with its tool count), it failed (why), or it could not be tried (why). */
export type ProbeResult = { state: 'working'; tools: number } | { state: 'failing'; reason: string } | { state: 'unchecked'; reason: string };

/**
 * Starts `entry` the way its client does and speaks MCP to it: a stdio entry is spawned
 * (`command`, `args`, the SDK's default environment plus the entry's `env`, as clients spawn
 * servers), an HTTP entry is connected to with its URL and headers, its references to
 * INDX_TOKEN filled in from `environment` (see `resolveHttpEntry`). Working means `initialize`
 * and `tools/list` both answered within `timeoutMs`. Security: commands of project files are
 * never started, and HTTP requests go to this computer's loopback only. The reason of a failure
 * never holds a secret.
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
  if (client !== null && entry.url !== undefined) {
    const resolved = resolveHttpEntry(client, entry, environment);
    if ('problem' in resolved) return { state: resolved.verdict, reason: resolved.problem };
    return new StreamableHTTPClientTransport(new URL(resolved.url), { requestInit: { headers: resolved.headers } });
  }
  if (typeof entry.url === 'string' && typeof entry.command !== 'string') return { state: 'failing', reason: `${location.label} does not connect to a URL from its configuration file: it starts commands only (run "indx mcp install -t ${location.target}", or use the .mcpb bundle of "indx mcp bundle")` };
  if (typeof entry.command !== 'string') return { state: 'failing', reason: 'the entry has neither a command nor a URL' };
  // Security: a project file comes with the project, from anyone; its commands are not run here (its client asks first).
  if (location.scope === 'project') return { state: 'unchecked', reason: 'a command in a project file is not started by indx (it may be anyone\'s code); its client asks before it runs it' };
  const args = Array.isArray(entry.args) ? entry.args.map(String) : [];
  const env = isRecord(entry.env) ? (entry.env as Record<string, string>) : {};
  return new StdioClientTransport({ command: entry.command, args, env, stderr: 'pipe' });
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `the command cannot be started (${message})`;
  // fetch says only "fetch failed": the reason (ECONNREFUSED…) is the code of a cause below it.
  const cause = causeCode(error);
  if (cause === 'ECONNREFUSED') return 'no indx server answers at its URL (connection refused): open the vault in Obsidian with indx enabled, or run "indx serve --vault DIR"';
  const first = message.split('\n')[0]?.slice(0, 400) ?? message;
  return typeof cause === 'string' ? `${first} (${cause})` : first;
}

/** The first error code along the `cause` chain of `error` (the SDK wraps fetch's error, which wraps the socket's). */
function causeCode(error: unknown): string | undefined {
  let current: unknown = (error as { cause?: unknown } | null)?.cause;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
