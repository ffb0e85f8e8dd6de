// One start of one server on one vault, measured (bench/server.mjs): spawn it (a process group
// the benchmark owns), connect the MCP SDK's Client, and time from the spawn to `initialize`, to
// the first search answer and to the first complete one (for indx: no `index_building` warning);
// read its RSS then; time searches over the vault's queries; stop it with SIGTERM and wait.
// Everything runs under one deadline: past it the group is killed and the start is recorded as
// `timeout` with what it measured so far.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { CallToolResultSchema, ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { folderSize, percentile } from './measure.mjs';
import { freePort, readMemory, spawnOwned, withDeadline } from './server-process.mjs';

/** Results per search call: the same page size for every server. */
const LIMIT = 10;
/**
 * Pause between two tries of the first complete search while indx still builds its index: 20 ms
 * for the first 50 tries, then 250 ms, so a long build (100k notes, over HTTP) stays under the
 * server's 600 requests a minute per token with the search passes that follow.
 */
const RETRY_PAUSE_MS = 20;
const SLOW_RETRY_PAUSE_MS = 250;
const FAST_RETRIES = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The SDK's stdio client transport, minus the spawn: it speaks over the stdin and stdout of a
 * process the benchmark spawned itself (so that the process is in a group of its own and its
 * pid is known before anything runs). Framing is the SDK's own ReadBuffer / serializeMessage.
 */
class OwnedStdioTransport {
  constructor(owned) {
    this.owned = owned;
    this.buffer = new ReadBuffer();
  }

  async start() {
    const { child } = this.owned;
    child.stdout.on('data', (chunk) => {
      this.buffer.append(chunk);
      for (;;) {
        let message;
        try {
          message = this.buffer.readMessage();
        } catch (error) {
          this.onerror?.(error);
          continue;
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
    child.on('close', () => this.onclose?.());
  }

  send(message) {
    return new Promise((resolve) => {
      if (this.owned.child.stdin.write(serializeMessage(message))) resolve();
      else this.owned.child.stdin.once('drain', resolve);
    });
  }

  async close() {
    this.owned.child.stdin.end();
  }
}

/** Whether an indx `vault_search` answer is complete: no error, no `index_building` warning. */
export function isCompleteIndxAnswer(result) {
  if (result.isError) return false;
  const structured = result.structuredContent ?? parseText(result);
  if (structured === null) return false;
  return !(structured.warnings ?? []).some((warning) => warning.code === 'index_building') && structured.index === undefined;
}

/** The JSON of a tool result's first text block, for servers that send no structuredContent. */
function parseText(result) {
  const text = result.content?.find((block) => block.type === 'text')?.text;
  try {
    return text === undefined ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** What the complete answer carried: its warning codes and number of results (indx), for the raw figures. */
function describeAnswer(result) {
  const structured = result.structuredContent ?? parseText(result);
  if (structured === null || typeof structured !== 'object') return { structured: false };
  const results = Array.isArray(structured.results) ? structured.results.length : Array.isArray(structured.data?.matches) ? structured.data.matches.length : undefined;
  return { structured: result.structuredContent !== undefined, warnings: (structured.warnings ?? []).map((warning) => warning.code ?? String(warning)), results };
}

/** A short reason from a tool error answer. */
function errorText(result) {
  return (result.content?.find((block) => block.type === 'text')?.text ?? JSON.stringify(result)).slice(0, 300);
}

/**
 * The server kinds: how to spawn each, how to reach it, which tool searches and with which
 * arguments. `ctx` holds the CLI path, the peers, the environment and the MiniSearch child.
 */
export const SERVER_KINDS = {
  'indx-http': { label: 'indx serve (HTTP)', protocol: 'http', indx: true, search: '`vault_search` `{ q, limit: 10, mode: "lexical" }` over Streamable HTTP with a `--new-token` token' },
  'indx-stdio': { label: 'indx mcp serve --stdio', protocol: 'stdio', indx: true, search: '`vault_search` `{ q, limit: 10, mode: "lexical" }` over stdio' },
  'obsidian-mcp': { label: 'obsidian-mcp', protocol: 'stdio', peer: true, toolPattern: /search[-_]?vault/i, args: (query) => ({ vault: 'bench', query, limit: LIMIT }), search: 'its search-vault tool `{ vault: "bench", query, limit: 10 }` (its default mode: content) over stdio, started as `serve --vault bench=<copy>`' },
  mcpvault: { label: 'MCPVault', protocol: 'stdio', peer: true, toolPattern: /search[-_]?notes/i, args: (query) => ({ query, limit: LIMIT }), search: 'its search-notes tool `{ query, limit: 10 }` (its defaults: content, not frontmatter) over stdio, started as `mcpvault <copy>`' },
  minisearch: { label: 'MiniSearch (own process)', protocol: 'lines', search: '`index.search(query)` with its defaults, top 10, one JSON line per query over stdin/stdout (bench/lib/server-minisearch-child.mjs)' },
};

/** Spawns the server `kind` on `vaultDir`; resolves to the owned process and, for HTTP, its URL and token. */
async function launch(kind, vaultDir, ctx, remaining) {
  if (kind === 'indx-http') {
    const port = await freePort();
    const owned = spawnOwned(process.execPath, [ctx.cli, 'serve', '--vault', vaultDir, '--port', String(port), '--new-token', 'bench'], { env: ctx.env });
    // The address and the token are printed once the server listens.
    const printed = await withDeadline(
      new Promise((resolve, reject) => {
        const look = () => {
          const text = owned.output();
          const url = /URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
          const token = /^\s+(indx_[A-Za-z0-9_-]{20,})\s*$/m.exec(text)?.[1];
          if (url !== undefined && token !== undefined) resolve({ url, token });
        };
        owned.child.stdout.on('data', look);
        void owned.exited.then(({ code, signal }) => reject(new Error(`indx serve exited (${signal ?? code}) before it printed its URL and token: ${owned.output().trim().split('\n').slice(-3).join(' ')}`)));
      }),
      remaining(),
      'timed out waiting for indx serve to print its URL and token',
    );
    return { owned, ...printed };
  }
  if (kind === 'indx-stdio') return { owned: spawnOwned(process.execPath, [ctx.cli, 'mcp', 'serve', '--stdio', '--vault', vaultDir], { env: ctx.env, keepStdout: false }) };
  if (kind === 'obsidian-mcp' || kind === 'mcpvault') {
    const peer = ctx.peers[kind];
    const args = kind === 'obsidian-mcp' ? [peer.main, 'serve', '--vault', `bench=${vaultDir}`] : [peer.main, vaultDir];
    return { owned: spawnOwned(peer.node, args, { env: ctx.env, keepStdout: false }) };
  }
  return { owned: spawnOwned(process.execPath, [ctx.minisearchChild, vaultDir], { env: ctx.env, keepStdout: false }) };
}

/** A reader of stdout lines: `next()` resolves to the next line (MiniSearch's protocol). */
function lineReader(owned) {
  let buffered = '';
  const lines = [];
  const waiting = [];
  owned.child.stdout.setEncoding('utf8');
  owned.child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const waiter = waiting.shift();
      if (waiter) waiter.resolve(line);
      else lines.push(line);
    }
  });
  void owned.exited.then(({ code, signal }) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`the process exited (${signal ?? code}): ${owned.output().trim().split('\n').slice(-2).join(' ')}`));
  });
  return {
    next: () => (lines.length > 0 ? Promise.resolve(lines.shift()) : new Promise((resolve, reject) => waiting.push({ resolve, reject }))),
  };
}

/**
 * Times `search(query)` over `queries`: one untimed warm-up pass cut at a third of `budgetMs`,
 * then one timed pass cut at `budgetMs` (a server that takes seconds a query gets fewer).
 */
async function timeSearches(search, queries, budgetMs) {
  const warmupEnd = performance.now() + budgetMs / 3;
  let warmed = 0;
  for (const query of queries) {
    if (performance.now() > warmupEnd) break;
    await search(query);
    warmed += 1;
  }
  const times = [];
  let errors = 0;
  const timedEnd = performance.now() + budgetMs;
  for (const query of queries) {
    if (performance.now() > timedEnd) break;
    const start = performance.now();
    const ok = await search(query);
    times.push(performance.now() - start);
    if (!ok) errors += 1;
  }
  return { search_p50_ms: percentile(times, 0.5), search_p95_ms: percentile(times, 0.95), queries_timed: times.length, queries_warmup: warmed, search_errors: errors };
}

/** Where indx keeps its state for `vaultDir` (the legacy folder when the plugin is not installed there). */
function indxStateDir(vaultDir) {
  const plugin = join(vaultDir, '.obsidian', 'plugins', 'indx', 'state');
  return existsSync(plugin) ? plugin : join(vaultDir, '.indx');
}

/**
 * One start of `kind` on `vaultDir`: every figure in ms from the spawn (or MB), `status`
 * ('ok' | 'timeout' | 'failed') and `error`. `queries[0]` is the first search.
 */
export async function measureStart({ kind, vaultDir, queries, ctx, timeoutMs, searchBudgetMs, stopTimeoutMs }) {
  const spec = SERVER_KINDS[kind];
  const record = { status: 'ok' };
  const deadline = performance.now() + timeoutMs;
  const remaining = () => Math.max(1, Math.ceil(deadline - performance.now()));
  // The SDK's own request timeout is set past the start's deadline, so that the deadline decides.
  const requestTimeout = () => remaining() + 1_000;
  let launched = null;
  let client = null;
  const steps = async () => {
    launched = await launch(kind, vaultDir, ctx, remaining);
    const { owned } = launched;
    const since = () => performance.now() - owned.spawnedAt;
    if (spec.protocol === 'lines') {
      const reader = lineReader(owned);
      const ready = await reader.next();
      if (!ready.startsWith('ready')) throw new Error(`unexpected first line: ${ready.slice(0, 200)}`);
      record.ready_ms = since();
      record.notes_indexed = Number(ready.split(' ')[1]);
      const search = async (query) => {
        owned.child.stdin.write(`${JSON.stringify(query)}\n`);
        return Array.isArray(JSON.parse(await reader.next()));
      };
      await search(queries[0]);
      record.first_answer_ms = since();
      record.first_complete_ms = record.first_answer_ms;
      Object.assign(record, memoryFigures(owned.pid, 'ready'));
      Object.assign(record, await timeSearches(search, queries, searchBudgetMs));
      return;
    }
    const transport = spec.protocol === 'http' ? new StreamableHTTPClientTransport(new URL(`${launched.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${launched.token}` } } }) : new OwnedStdioTransport(owned);
    client = new Client({ name: 'indx-bench', version: '1.0.0' }, { capabilities: {} });
    const rest = spec.protocol === 'http' ? firstRestAnswer(launched, since, record) : null;
    await client.connect(transport, { timeout: requestTimeout() });
    record.initialize_ms = since();
    record.server_version = client.getServerVersion()?.version;
    await rest;
    const tools = await client.request({ method: 'tools/list' }, ListToolsResultSchema, { timeout: requestTimeout() });
    record.tools_list_ms = since();
    const toolName = spec.indx ? 'vault_search' : tools.tools.find((tool) => spec.toolPattern.test(tool.name))?.name;
    if (toolName === undefined || !tools.tools.some((tool) => tool.name === toolName)) throw new Error(`no search tool in tools/list (${tools.tools.map((tool) => tool.name).join(', ')})`);
    record.search_tool = toolName;
    const args = spec.indx ? (query) => ({ q: query, limit: LIMIT, mode: 'lexical' }) : spec.args;
    const call = (query) => client.request({ method: 'tools/call', params: { name: toolName, arguments: args(query) } }, CallToolResultSchema, { timeout: requestTimeout() });
    // The first complete answer: indx answers from what is indexed so far with an
    // `index_building` warning while it builds; ask again until it has none.
    let partial = 0;
    let lastError = null;
    for (;;) {
      const result = await call(queries[0]);
      record.first_answer_ms ??= since();
      const complete = spec.indx ? isCompleteIndxAnswer(result) : !result.isError;
      if (complete) {
        record.complete_answer = describeAnswer(result);
        break;
      }
      if (!spec.indx) throw new Error(`${toolName} answered with an error: ${errorText(result)}`);
      if (result.isError) lastError = errorText(result);
      else partial += 1;
      record.partial_answers = partial;
      record.error_answers = (record.error_answers ?? 0) + (result.isError ? 1 : 0);
      record.last_error_answer = lastError ?? undefined;
      await sleep(partial < FAST_RETRIES ? RETRY_PAUSE_MS : SLOW_RETRY_PAUSE_MS);
    }
    record.first_complete_ms = since();
    record.partial_answers = partial;
    Object.assign(record, memoryFigures(owned.pid, 'ready'));
    Object.assign(record, await timeSearches(async (query) => !(await call(query)).isError, queries, searchBudgetMs));
    // The same queries over REST (GET /v1/search): what the MCP layer adds over the HTTP round trip.
    if (spec.protocol === 'http') {
      const rest = await timeSearches(
        async (query) => {
          const response = await fetch(`${launched.url}/v1/search?${new URLSearchParams({ q: query, limit: String(LIMIT), mode: 'lexical' })}`, { headers: { authorization: `Bearer ${launched.token}` }, signal: AbortSignal.timeout(requestTimeout()) });
          await response.arrayBuffer();
          return response.ok;
        },
        queries,
        searchBudgetMs,
      );
      Object.assign(record, { rest_search_p50_ms: rest.search_p50_ms, rest_search_p95_ms: rest.search_p95_ms, rest_search_errors: rest.search_errors });
    }
  };
  try {
    await withDeadline(steps(), timeoutMs, `timed out after ${Math.round(timeoutMs / 1000)} s`);
  } catch (error) {
    record.status = /^timed out|Request timed out/.test(error.message) ? 'timeout' : 'failed';
    record.error = String(error.message).split('\n')[0].slice(0, 400);
  }
  if (launched !== null) {
    const { owned } = launched;
    Object.assign(record, memoryFigures(owned.pid, 'end'));
    if (record.status !== 'ok') {
      const tail = owned.output().trim().split('\n').slice(-3).join(' ').slice(0, 400);
      if (tail !== '') record.output_tail = tail;
      await owned.kill();
    } else {
      const stopped = await owned.stop(stopTimeoutMs);
      record.stop_ms = stopped.ms;
      record.stopped_cleanly = stopped.clean;
      if (!stopped.clean) record.stop_problem = stopped.reason;
    }
    await client?.close().catch(() => {});
    if (spec.indx) {
      const state = indxStateDir(vaultDir);
      record.state_mb = existsSync(state) ? folderSize(state) / 2 ** 20 : 0;
    }
  }
  return record;
}

/** RSS and peak RSS of `pid` now, as `rss_<when>_mb` and `hwm_<when>_mb`. */
function memoryFigures(pid, when) {
  const memory = pid === undefined ? null : readMemory(pid);
  return memory === null ? {} : { [`rss_${when}_mb`]: memory.rssMb, [`hwm_${when}_mb`]: memory.hwmMb };
}

/** Time from the spawn to the first answer of `GET /v1/vault/status` (REST), in `record.rest_status_ms`. */
async function firstRestAnswer(launched, since, record) {
  try {
    const response = await fetch(`${launched.url}/v1/vault/status`, { headers: { authorization: `Bearer ${launched.token}` } });
    await response.arrayBuffer();
    record.rest_status_ms = since();
    record.rest_status_code = response.status;
  } catch (error) {
    record.rest_status_error = String(error.message).slice(0, 200);
  }
}
