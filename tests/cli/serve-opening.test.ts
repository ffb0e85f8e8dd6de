import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI } from './run-cli';
import { startServeProcess, stopProcess } from './serve-process';

/**
 * Notes of the generated vault: enough that reading them takes seconds (each has frontmatter,
 * headings, a list and links, like real notes), so the first answers come while it runs.
 */
const NOTES = 12_000;
const FOLDERS = 40;

function note(index: number): string {
  const links = Array.from({ length: 5 }, (_, offset) => `- see [[Note ${(index * 7 + offset * 131) % NOTES}]] and #topic/${(index + offset) % 23}`);
  const items = Array.from({ length: 15 }, (_, item) => `  - detail ${item} of note ${index}, with some words to read`);
  return `---\ntags: [generated, batch/${index % 17}]\ncreated: 2024-01-${String((index % 28) + 1).padStart(2, '0')}\naliases: ["N${index}"]\n---\n# Note ${index}\n\nAn opening paragraph for note ${index}.\n\n## Links\n${links.join('\n')}\n\n## Details\n- items\n${items.join('\n')}\n`;
}

interface Opening {
  state: string;
  notes: number;
  notes_parsed: number;
  notes_from_cache: number;
}

interface Status {
  notes: number;
  opening: Opening | null;
}

async function status(client: Client): Promise<Status> {
  return (await client.callTool({ name: 'vault_status', arguments: {} })).structuredContent as Status;
}

function stdioClient(vault: string, home: string): { client: Client; transport: StdioClientTransport } {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', 'serve', '--stdio', '--vault', vault], env: { ...getDefaultEnvironment(), INDX_HOME: home }, stderr: 'pipe' });
  return { client: new Client({ name: 'opening-test', version: '1.0.0' }), transport };
}

describe(`a headless server on a vault of ${NOTES} notes answers at once and reads the vault in the background`, () => {
  let folder = '';
  let vault = '';
  let home = '';

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'indx-opening-'));
    vault = join(folder, 'vault');
    home = join(folder, 'indx-home');
    for (let index = 0; index < NOTES; index += 1) {
      const sub = join(vault, `Folder ${index % FOLDERS}`);
      if (index < FOLDERS) mkdirSync(sub, { recursive: true });
      writeFileSync(join(sub, `Note ${index}.md`), note(index));
    }
  });

  afterAll(async () => {
    if (folder !== '') await rm(folder, { recursive: true, force: true });
  });

  it('stdio: initialize, tools/list and vault_status answer while it reads; a read waits for it; the next start reads no note', async () => {
    const { client, transport } = stdioClient(vault, home);
    await client.connect(transport);
    try {
      const [tools, early] = await Promise.all([client.listTools(), status(client)]);
      expect(tools.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['note_read', 'vault_search', 'vault_status']));
      // Answered before reading was done: the counts are still 0 and the opening says how far it got.
      expect(early.opening?.state).toMatch(/^(listing|reading|linking)$/);
      expect(early.notes).toBe(0);

      // A call that needs the vault waits for it, then answers as usual.
      const read = await client.callTool({ name: 'note_read', arguments: { path: 'Folder 3/Note 3.md' } });
      expect(read.isError).toBeFalsy();
      expect(JSON.stringify(read.structuredContent)).toContain('Note 3');
      const open = await status(client);
      expect(open.opening).toMatchObject({ state: 'open', notes: NOTES, notes_parsed: NOTES, notes_from_cache: 0 });
      expect(open.notes).toBe(NOTES);
      const resource = await client.readResource({ uri: 'vault://Folder%203/Note%203.md' });
      expect(JSON.stringify(resource.contents)).toContain('An opening paragraph for note 3.');
    } finally {
      await client.close();
    }

    // Warm: every note's metadata comes from the cache saved at the end of the first run.
    const second = stdioClient(vault, home);
    await second.client.connect(second.transport);
    try {
      await second.client.callTool({ name: 'note_exists', arguments: { path: 'Folder 3/Note 3.md' } });
      expect((await status(second.client)).opening).toMatchObject({ state: 'open', notes: NOTES, notes_parsed: 0, notes_from_cache: NOTES });
      // The first run stopped before its index was whole: this one goes on from what it saved.
      let search = '';
      for (let tries = 0; tries < 600 && (search === '' || search.includes('index_building')); tries += 1) {
        search = JSON.stringify((await second.client.callTool({ name: 'vault_search', arguments: { q: 'opening paragraph for note 4321' } })).structuredContent);
      }
      expect(search).toContain('"path":"Folder 1/Note 4321.md"');
    } finally {
      await second.client.close();
    }
  }, 120_000);

  it('indx serve: REST status answers at once with the progress; a note read over REST waits for the vault', async () => {
    // An edit while no server ran: the next start reads that note again, and only it.
    writeFileSync(join(vault, 'Folder 5', 'Note 5.md'), `${note(5)}\nEdited while stopped: [[Note 6]]\n`);
    const served = await startServeProcess(vault, ['--new-token']);
    try {
      const token = /indx_[A-Za-z0-9_-]{43}/.exec(served.printed)?.[0] ?? '';
      const headers = { Authorization: `Bearer ${token}` };
      const statusOverRest = async (): Promise<Status> => ((await (await fetch(`${served.url}/v1/vault/status`, { headers })).json()) as { data: Status }).data;
      expect((await statusOverRest()).opening?.state).toMatch(/^(listing|reading|linking)$/);
      const note = await fetch(`${served.url}/v1/notes/${['Folder 5', 'Note 5.md'].map(encodeURIComponent).join('/')}`, { headers });
      expect(note.status).toBe(200);
      expect(await note.text()).toContain('Edited while stopped');
      expect((await statusOverRest()).opening).toMatchObject({ state: 'open', notes: NOTES, notes_parsed: 1, notes_from_cache: NOTES - 1 });
    } finally {
      await stopProcess(served.child);
    }
  }, 120_000);
});
