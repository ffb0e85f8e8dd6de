import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { ALL_OPERATIONS } from '../../src/core/ops/all-operations';
import type { Operation } from '../../src/core/ops/operation';
import { fieldType, inputSchemaOf } from '../../src/server/rest/input-fields';
import { deriveRoutes } from '../../src/server/rest/rest-route';
import { registerOperationCommands } from '../../packages/indx-mcp/src/commands/operation-commands';
import { exitCodeOf } from '../../packages/indx-mcp/src/report-error';
import { seedRows, type SeedRow } from '../helpers/seed-table';
import { serveVault, type ServedVault } from '../server/http/server-harness';
import { isolatedEnvironment, runCli } from './run-cli';

/** The MCP ↔ CLI pairs of seed 000 §7 (CLI words after `indx`). */
function seedCommands(): [string, string][] {
  return seedRows().map((row) => [row.tool, row.cli]);
}

/** The command `words` name in `program`, following subcommands; undefined when absent. */
function findCommand(program: Command, words: string[]): Command | undefined {
  return words.reduce<Command | undefined>((command, word) => command?.commands.find((child) => child.name() === word), program);
}

const OPERATIONS = new Map(ALL_OPERATIONS.map((operation) => [operation.name, operation]));

describe('the CLI walks the seed 000 §7 table', () => {
  const rows = seedCommands();

  it('reads a row for every operation', () => {
    expect(rows).toHaveLength(ALL_OPERATIONS.length);
    expect(rows[0]).toEqual(['note_read', 'note get']);
    expect(rows.find(([tool]) => tool === 'vault_reindex')).toEqual(['vault_reindex', 'vault index --rebuild']);
  });

  it('has a command for every implemented row, spelt as the seed spells it; the rest are pending', () => {
    const program = new Command('indx');
    registerOperationCommands(program);
    expect(rows.filter(([tool]) => !OPERATIONS.has(tool)).map(([tool]) => tool)).toEqual([]);
    for (const [tool, words] of rows.filter(([name]) => OPERATIONS.has(name))) {
      expect([tool, OPERATIONS.get(tool)?.cli.join(' ')]).toEqual([tool, words]);
      const command = findCommand(program, words.split(' ').filter((word) => !word.startsWith('--')));
      expect([tool, command?.description().includes(`(${tool})`)]).toEqual([tool, true]);
      // Every command documents itself: examples, output and how the server is found.
      const help = command?.helpInformation() ?? '';
      expect([tool, help.includes('--url <url>') && help.includes('--token-file <file>')]).toEqual([tool, true]);
    }
  });

  it('lists token and serve commands in the bundled CLI help', async () => {
    const help = await runCli(['--help']);
    expect(help.stdout).toMatch(/\n {2}token\b/);
    expect(help.stdout).toMatch(/\n {2}serve\b/);
  });
});

/** One request the proxy passed on: method, target and the operation the server says it ran. */
interface Seen {
  method: string;
  target: string;
  operation: string | undefined;
}

/** A loopback proxy in front of `upstream` that records every request and the `X-Indx-Operation` answer. */
async function recordingProxy(upstream: string, seen: Seen[]): Promise<{ url: string; server: Server }> {
  const target = new URL(upstream);
  const server = createServer((incoming, outgoing) => {
    const { host: _host, ...headers } = incoming.headers;
    const forwarded = httpRequest({ hostname: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
      seen.push({ method: incoming.method ?? '', target: incoming.url ?? '', operation: answer.headers['x-indx-operation'] as string | undefined });
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A minimal input for `operation`: every required field filled by its type (enum: the first
 * value), a path parameter with an existing note for reads and a scratch note for writes.
 */
function minimalInput(operation: Operation): Record<string, unknown> {
  const schema = inputSchemaOf(operation);
  const params = deriveRoutes([operation])[0]?.params.map((param) => param.field) ?? [];
  const input: Record<string, unknown> = {};
  for (const field of schema.required) {
    const property = schema.properties[field];
    const isParam = params.includes(field);
    const choices = property?.enum;
    if (Array.isArray(choices)) input[field] = choices[0];
    else input[field] = isParam ? (operation.scope === 'vault:read' ? 'Welcome.md' : `Scratch/${operation.name}.md`) : sampleOf(fieldType(property));
  }
  return input;
}

function sampleOf(type: string | undefined): unknown {
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'start';
}

/** The seed's route as a check of a request target: the path template, and its `?key=value` qualifier in the query. */
function matchesSeedPath(row: SeedRow, target: string): boolean {
  const [template = '', qualifier] = row.path.split('?');
  const [path = '', query = ''] = target.split('?');
  const pattern = new RegExp(`^${template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
  return pattern.test(path) && (qualifier === undefined || new URLSearchParams(query).getAll(qualifier.split('=')[0] ?? '').join(',') === qualifier.split('=')[1]);
}

describe('every implemented seed row runs as a CLI command against a running server', () => {
  let served: ServedVault;
  let proxy: { url: string; server: Server };
  let home: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    served = await serveVault();
    proxy = await recordingProxy(served.server.url, seen);
    home = await mkdtemp(join(tmpdir(), 'indx-home-'));
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy.server.close(resolve));
    await served.dispose();
    await rm(home, { recursive: true, force: true });
  });

  // The walker takes any row: a row whose operation lands later is walked as soon as it is in the registry.
  const implemented = seedRows().filter((row) => OPERATIONS.has(row.tool));

  it.each(implemented.map((row) => [row.cli, row] as const))('indx %s sends the seed\'s request and exits with the code of its answer', async (_words, row) => {
    const operation = OPERATIONS.get(row.tool) as Operation;
    seen.length = 0;
    const input = minimalInput(operation);
    const result = await runCli([...row.cli.split(' '), '--input', JSON.stringify(input)], isolatedEnvironment(home, { INDX_URL: proxy.url, INDX_TOKEN: served.admin }));
    if (seen.length === 0) throw new Error(`No request reached the server; exit ${result.code}, stderr: ${result.stderr}`);
    expect(seen.map(({ method, operation: answered }) => [method, answered])).toEqual([[row.method, row.tool]]);
    expect([seen[0]?.target, matchesSeedPath(row, seen[0]?.target ?? '')]).toEqual([seen[0]?.target, true]);
    if (result.code === 0) expect(() => JSON.parse(result.stdout) as unknown).not.toThrow();
    else expect([result.stderr, result.code]).toEqual([result.stderr, exitCodeOf((JSON.parse(result.stderr) as { error: { code: string } }).error.code)]);
  });
});
