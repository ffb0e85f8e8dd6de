// One sample of `npm run bench:startup`, in a fresh Node process (started by bench/startup.mjs
// with --expose-gc, after esbuild bundled this file with the fake `obsidian` module of the tests).
// It plays what Obsidian does when the app starts with indx enabled: evaluate main.js, construct
// the plugin and await its onload, then make the layout ready, and times each step up to the
// first answer an agent gets on /mcp and on REST. Everything the measurement needs (fake app,
// vault, token, HTTP client) is loaded and prepared before the clock starts, so the figures are
// main.js's own. Prints one line `STARTUP_SAMPLE <json>` on stdout.
//
// argv[2]: JSON { main, vault, manifest, profile? } — the main.js to load, a vault folder the
// parent made (and removes), the manifest to install, and where to write a CPU profile of the
// require (a .cpuprofile file) when asked.
import { promises as fs } from 'node:fs';
import { request } from 'node:http';
import { Session } from 'node:inspector';
import Module from 'node:module';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { TokenStore } from '../../src/core/auth/token-store';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { freePort } from '../../tests/helpers/free-port';
import * as fakeElectron from '../../tests/obsidian/fake/electron';
import * as fake from '../../tests/obsidian/fake/obsidian';

interface Job {
  main: string;
  vault: string;
  manifest: fake.PluginManifest;
  profile?: string;
}

type PluginClass = new (app: unknown, manifest: fake.PluginManifest) => fake.Plugin;

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
/** How long the server may take to answer after the layout is ready before the sample fails. */
const ANSWER_TIMEOUT_MS = 30_000;

/** `require('obsidian')` and `require('electron')` answered by the fakes, as the app's loader answers them. */
function answerAppModules(): void {
  const loader = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
  const original = loader._load.bind(Module);
  loader._load = (name, parent, isMain) => {
    if (name === 'obsidian') return fake;
    if (name === 'electron') return fakeElectron;
    return original(name, parent, isMain);
  };
}

/** V8's full collection, a global under --expose-gc (bench/startup.mjs starts samples with it). */
declare const gc: () => void;

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request on a new connection. node:http rather than fetch: Node 20 loads undici on the
 * first fetch (tens of ms), which would be counted as the plugin's start-up.
 */
function http(port: number, method: string, pathname: string, headers: Record<string, string>, body?: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path: pathname, headers, agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The JSON-RPC message of id `id` in an answer sent as JSON or as an event stream. */
function rpcResult(answer: HttpAnswer, id: number): { result?: unknown; error?: unknown } {
  const messages = String(answer.headers['content-type']).includes('text/event-stream')
    ? answer.text.split('\n').filter((line) => line.startsWith('data:')).map((line) => JSON.parse(line.slice(5)) as { id?: number })
    : [JSON.parse(answer.text) as { id?: number }];
  const found = messages.find((message) => message.id === id);
  if (found === undefined) throw new Error(`no answer to request ${id}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return found as { result?: unknown; error?: unknown };
}

/** An MCP session (2025-11-25, Streamable HTTP) that initializes and calls vault_status once. */
async function firstMcpAnswer(port: number, token: string): Promise<void> {
  const base = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (headers: Record<string, string>, message: object) => http(port, 'POST', '/mcp', { ...base, ...headers }, JSON.stringify(message));
  const initialize = await post({}, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'indx-bench-startup', version: '1.0.0' } } });
  if (initialize.status !== 200) throw new Error(`initialize: ${initialize.status} ${initialize.text.slice(0, 200)}`);
  const init = rpcResult(initialize, 1) as { result?: { protocolVersion: string } };
  if (init.result === undefined) throw new Error(`initialize failed: ${initialize.text.slice(0, 200)}`);
  const session = initialize.headers['mcp-session-id'];
  const sessionHeaders: Record<string, string> = { 'mcp-protocol-version': init.result.protocolVersion, ...(typeof session === 'string' ? { 'mcp-session-id': session } : {}) };
  await post(sessionHeaders, { jsonrpc: '2.0', method: 'notifications/initialized' });
  const call = await post(sessionHeaders, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'vault_status', arguments: {} } });
  const answer = rpcResult(call, 2) as { result?: { isError?: boolean } };
  if (answer.result === undefined || answer.result.isError === true) throw new Error(`vault_status failed: ${call.text.slice(0, 200)}`);
}

async function firstRestAnswer(port: number, token: string): Promise<void> {
  const answer = await http(port, 'GET', '/v1/vault/status', { authorization: `Bearer ${token}` });
  if (answer.status !== 200) throw new Error(`GET /v1/vault/status: ${answer.status} ${answer.text.slice(0, 200)}`);
}

/**
 * Retries `attempt` every 2 ms until it succeeds; resolves with the ms since `start`. Refused
 * connections (the server not listening yet) are cheap, so polling barely slows the start-up it
 * measures; the last error is kept for a sample that times out.
 */
async function pollUntilAnswered(start: number, attempt: () => Promise<void>): Promise<number> {
  let lastError: unknown = null;
  while (performance.now() - start < ANSWER_TIMEOUT_MS) {
    try {
      await attempt();
      return performance.now() - start;
    } catch (error) {
      lastError = error;
      await delay(2);
    }
  }
  throw new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms: ${String(lastError)}`);
}

/** Starts V8's sampling profiler when a profile is asked for; the returned function writes it. */
async function startProfile(): Promise<() => Promise<void>> {
  if (job.profile === undefined) return () => Promise.resolve();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    session.disconnect();
    await fs.writeFile(job.profile as string, JSON.stringify(profile));
  };
}

async function main(): Promise<void> {
  fake.installAppGlobals();
  answerAppModules();
  process.env.INDX_HOME = path.join(path.dirname(job.vault), 'indx-home');

  // The app and the vault as the plugin finds them: opened, plugin installed, settings with a free
  // port, a read+write token in the plugin's state folder (as plugin-harness's preparePluginVault).
  const app = await fake.App.open(job.vault);
  const pluginFolder = await app.install(job.manifest);
  const port = await freePort();
  await fs.writeFile(path.join(pluginFolder, 'data.json'), JSON.stringify({ version: 1, server: { enabled: true, port } }));
  const tokens = await TokenStore.load(new FileStorage(locateStateDir(job.vault, app.vault.configDir)));
  const token = (await tokens.create('bench-startup', ['vault:read', 'vault:write'])).token;
  // The client's own first request loads parts of node:http a plugin never needs: not counted.
  await firstRestAnswer(port, token).catch(() => undefined);

  // 1. Evaluation: require(main.js) until the module returns, from a collected heap.
  gc();
  const before = process.memoryUsage();
  const stopProfile = await startProfile();
  const evaluationStart = performance.now();
  const exported = Module.createRequire(job.main)(job.main) as { default: PluginClass };
  const evaluationMs = performance.now() - evaluationStart;
  const afterEvaluation = process.memoryUsage();
  await stopProfile();
  gc();
  const retained = process.memoryUsage();

  // 2. onload: the app constructs the plugin and enables it, awaiting its onload.
  const plugin = new exported.default(app, job.manifest);
  const onloadStart = performance.now();
  await app.enable(plugin);
  const onloadMs = performance.now() - onloadStart;

  // 3. Layout ready → first answers, on MCP and REST at once (an agent may use either).
  const layoutStart = performance.now();
  app.workspace.setLayoutReady();
  const [mcpMs, restMs] = await Promise.all([pollUntilAnswered(layoutStart, () => firstMcpAnswer(port, token)), pollUntilAnswered(layoutStart, () => firstRestAnswer(port, token))]);
  // 4. Memory once the server has answered (not collected: what the process holds at that moment).
  const answered = process.memoryUsage();

  const mb = (bytes: number) => bytes / 1024 / 1024;
  const sample = {
    evaluation_ms: evaluationMs,
    evaluation_heap_mb: mb(afterEvaluation.heapUsed - before.heapUsed),
    evaluation_heap_retained_mb: mb(retained.heapUsed - before.heapUsed),
    evaluation_rss_mb: mb(afterEvaluation.rss - before.rss),
    onload_ms: onloadMs,
    first_mcp_ms: mcpMs,
    first_rest_ms: restMs,
    rss_answered_mb: mb(answered.rss),
    rss_before_mb: mb(before.rss),
  };

  // Unload as the app does, then wait for the server to let go of its port and the write lock.
  app.disable(plugin);
  const stateDir = locateStateDir(job.vault, app.vault.configDir);
  for (const started = Date.now(); Date.now() - started < 5000; await delay(20)) {
    const lockGone = await fs.access(path.join(stateDir, 'write.lock')).then(() => false, () => true);
    if (lockGone) break;
  }
  await app.close();
  process.stdout.write(`STARTUP_SAMPLE ${JSON.stringify(sample)}\n`);
}

main().then(
  // A timer or socket the fake or the plugin left behind must not keep a sample alive.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
