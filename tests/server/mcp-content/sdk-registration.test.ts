import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import type { Caller, Engine } from '../../../src/core/engine';
import { isIndxError } from '../../../src/core/errors';
import { createPrompts } from '../../../src/server/mcp/prompts';
import { RESOURCE_PROVIDERS, type ResourceProvider } from '../../../src/server/mcp/resources';
import type { TempVault } from '../../helpers/temp-vault';
import { NOW, openContentVault, READER } from './content-vault';

// A minimal registration of the exported providers and prompts on the real SDK, to pin that the
// contract fits it (template routing, argument schemas, completion). The real endpoint lives in
// src/server/mcp and adds sessions, auth and error mapping.

let vault: TempVault;
let client: Client;

function toSdkError(error: unknown): never {
  throw isIndxError(error) ? new Error(`${error.code}: ${error.message}`) : error;
}

function register(server: McpServer, provider: ResourceProvider, engine: Engine, caller: Caller): void {
  const metadata = { title: provider.title, description: provider.description, mimeType: provider.mimeType };
  if (provider.uri !== undefined) {
    server.registerResource(provider.name, provider.uri, metadata, async (uri) => ({ contents: await provider.read(uri.toString(), {}, engine, caller).catch(toSdkError) }));
    return;
  }
  const complete = Object.fromEntries(Object.entries(provider.complete ?? {}).map(([name, completer]) => [name, (value: string) => completer(value, engine)]));
  const lister = provider.list?.bind(provider);
  const list = lister === undefined ? undefined : async () => ({ resources: await lister(engine, caller) });
  server.registerResource(provider.name, new ResourceTemplate(provider.uriTemplate ?? '', { list, complete }), metadata, async (uri, variables) => ({
    contents: await provider.read(uri.toString(), variables as Record<string, string>, engine, caller).catch(toSdkError),
  }));
}

beforeAll(async () => {
  vault = await openContentVault();
  const server = new McpServer({ name: 'indx', version: '0.1.0' });
  for (const provider of RESOURCE_PROVIDERS) register(server, provider, vault.engine, READER);
  for (const prompt of createPrompts({ clock: () => NOW })) {
    server.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema: prompt.arguments }, async (args: Record<string, unknown>) => ({
      messages: await prompt.messages(args, vault.engine, READER).catch(toSdkError),
    }));
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
});

afterAll(async () => {
  await client.close();
  await vault.dispose();
});

it('lists fixed resources and template listings', async () => {
  const { resources } = await client.listResources();
  const uris = resources.map((resource) => resource.uri);
  expect(uris).toEqual(expect.arrayContaining(['vault://graph', 'config://vault', 'recent://vault', 'vault://Home.md', 'tags://vault/status']));
});

it('routes each URI to the right template (specific templates before vault://{+path})', async () => {
  const backlinks = await client.readResource({ uri: 'vault://graph/backlinks/Home.md' });
  const [first] = backlinks.contents;
  expect(JSON.parse(first !== undefined && 'text' in first ? first.text : 'null')).toMatchObject({ path: 'Home.md', total: 3 });
  const note = await client.readResource({ uri: 'vault://My%20Notes/Caf%C3%A9%20%C3%BC.md' });
  expect(note.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: expect.stringContaining('## Menu') as string });
});

it('refuses traversal through the SDK', async () => {
  await expect(client.readResource({ uri: 'vault://%2e%2e/outside.md' })).rejects.toThrow(/invalid_path/);
});

it('completes a template variable', async () => {
  const { completion } = await client.complete({ ref: { type: 'ref/resource', uri: 'toc://vault/{+path}' }, argument: { name: 'path', value: 'Notes/' } });
  expect(completion.values).toEqual(['Notes/Alpha.md', 'Notes/Beta.md']);
});

it('lists prompts with their optional, described arguments', async () => {
  const { prompts } = await client.listPrompts();
  expect(prompts.map((prompt) => [prompt.name, prompt.arguments?.map((argument) => [argument.name, argument.required, typeof argument.description])])).toEqual([
    ['vault_summary', []],
    ['daily_note', [['date', false, 'string']]],
    ['link_orphans', [['limit', false, 'string']]],
    ['cleanup_unresolved_links', [['dry_run', false, 'string']]],
    ['weekly_review', [['week_of', false, 'string']]],
  ]);
});

it('gets a prompt with string arguments as MCP sends them', async () => {
  const result = await client.getPrompt({ name: 'cleanup_unresolved_links', arguments: { dry_run: 'false' } });
  expect(result.messages[0]?.content).toMatchObject({ type: 'text', text: expect.stringContaining('Apply the fixes') as string });
  const orphans = await client.getPrompt({ name: 'link_orphans', arguments: { limit: '2' } });
  expect(orphans.messages[0]?.content).toMatchObject({ text: expect.stringContaining('the first 2, by path') as string });
});
