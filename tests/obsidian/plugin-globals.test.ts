import type { Client } from '@modelcontextprotocol/client';
import { waitFor } from '../helpers/temp-vault';
import { connectClient } from '../server/mcp/mcp-harness';
import * as fake from './fake/obsidian';
import globalObject from './fake/global-object';
import { loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

// Obsidian runs every plugin in one renderer process: a plugin that replaces fs functions
// (graceful-fs), process.emit or exit handlers (signal-exit), prototypes or globals changes them
// for all the others and for the app, and a disable does not undo it. Issue 15, item 3: load,
// enable, serve, disable and unload leave every one of them as it was.

// The built-in modules themselves, as main.js gets them (an `import * as` would be a copy).
const fs = jest.requireActual<typeof import('node:fs')>('node:fs');
const http = jest.requireActual<typeof import('node:http')>('node:http');
const https = jest.requireActual<typeof import('node:https')>('node:https');
const net = jest.requireActual<typeof import('node:net')>('node:net');
const childProcess = jest.requireActual<typeof import('node:child_process')>('node:child_process');
const timers = jest.requireActual<typeof import('node:timers')>('node:timers');
const { EventEmitter } = jest.requireActual<typeof import('node:events')>('node:events');
const Module = jest.requireActual<typeof import('node:module')>('node:module');
const scope = globalObject();

/** Objects whose own properties the plugin must leave alone (functions by identity, values by value). */
const WATCHED: Record<string, object> = {
  global: scope,
  process,
  fs,
  'fs.promises': fs.promises,
  Module,
  'Module.prototype': Module.prototype,
  EventEmitter,
  'EventEmitter.prototype': EventEmitter.prototype,
  http,
  'http.globalAgent': http.globalAgent,
  https,
  net,
  child_process: childProcess,
  timers,
  Error,
  Promise,
  'Promise.prototype': Promise.prototype,
  'Object.prototype': Object.prototype,
  'Array.prototype': Array.prototype,
  'String.prototype': String.prototype,
  'Function.prototype': Function.prototype,
  JSON,
};

/** Every watched property (getters by their function), every process listener, and the lasting resources. */
function snapshot(): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [name, object] of Object.entries(WATCHED)) {
    for (const key of Reflect.ownKeys(object)) {
      // Accessors by their functions (never called: a getter may compute a fresh value each time).
      const descriptor = Object.getOwnPropertyDescriptor(object, key) as { value?: unknown; get?: unknown; set?: unknown } | undefined;
      entries.set(`${name}.${String(key)}`, descriptor === undefined || 'value' in descriptor ? descriptor?.value : [descriptor.get, descriptor.set]);
    }
  }
  for (const event of process.eventNames()) entries.set(`process listeners of ${String(event)}`, process.listeners(event as NodeJS.Signals));
  entries.set('lasting resources', lastingResources());
  return entries;
}

/** What differs between two snapshots, by name. */
function differences(before: Map<string, unknown>, after: Map<string, unknown>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => !same(before.get(name), after.get(name))).map((name) => `${name}: ${show(before.get(name))} -> ${show(after.get(name))}`);
}

function same(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item, index) => Object.is(item, right[index]));
  return Object.is(left, right);
}

function show(value: unknown): string {
  if (typeof value === 'function') return `function ${value.name}`;
  if (Array.isArray(value)) return `[${value.map((item) => (typeof item === 'function' ? `function ${(item as { name: string }).name}` : String(item))).join(', ')}]`;
  return typeof value === 'object' && value !== null ? 'object' : String(value);
}

/** Servers, sockets, timers and watchers alive now (file requests in flight come and go). */
function lastingResources(): string[] {
  return process
    .getActiveResourcesInfo()
    .filter((kind) => !/^(FSReqCallback|FSReqPromise|FileHandle)/.test(kind))
    .sort();
}

describe('the built main.js leaves the process as it found it', () => {
  let vault: PluginVault;
  let plugin: fake.Plugin | undefined;

  beforeAll(async () => {
    fake.installAppGlobals();
    vault = await preparePluginVault({ 'Home.md': '# Home\n' });
  });

  afterAll(async () => {
    if (plugin !== undefined) vault.app.disable(plugin);
    await waitForRelease(vault).catch(() => undefined);
    await vault.dispose();
    delete process.env.INDX_HOME;
  });

  it('after load, enable, a served MCP call, disable and unload: same fs, process, listeners, prototypes, globals and resources', async () => {
    // Node defines some globals (AbortController, MessageChannel…) as getters that replace
    // themselves with the value at first use: used once here, so only the plugin's changes show.
    for (const key of Reflect.ownKeys(scope)) void scope[key as string];
    const before = snapshot();
    plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    await vault.app.enable(plugin);
    vault.app.workspace.setLayoutReady();
    const record = await waitForServer(vault);
    const client: Client = await connectClient(`${record.url}/mcp`, 'modern', vault.token);
    try {
      const read = await client.callTool({ name: 'note_read', arguments: { path: 'Home.md' } });
      expect(read.isError).not.toBe(true);
    } finally {
      await client.close();
    }
    // While it runs, the plugin holds what it should: a listening socket at least.
    expect(lastingResources().length).toBeGreaterThan((before.get('lasting resources') as string[]).length);
    vault.app.disable(plugin);
    plugin = undefined;
    await waitForRelease(vault);
    // Sockets of the test's own client may still be closing on a loaded machine: give them time.
    await waitFor(() => differences(before, snapshot()).length === 0, 5000).catch(() => undefined);
    expect(differences(before, snapshot())).toEqual([]);
  });
});
