import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { isolatedEnvironment, runCli } from '../../cli/run-cli';

// Issue 17 §5: note_read_many and note_read's line ranges, through a real MCP client, REST and
// the built CLI against one headless server.

const LONG = Array.from({ length: 40 }, (_, index) => `Line ${index + 1} of the long note, with some words.`).join('\n');

const FILES = {
  'Projects/Alpha.md': '---\ntags: [project]\n---\n# Alpha\n\nAlpha ships the sync engine.\n\n## Goals\nFast sync.\n',
  'Projects/Beta.md': '# Beta\n\nBeta is the storage layer.\n',
  'Notes/Meeting.md': '# Meeting\n\n## Agenda\nReview the incident.\n',
  'Notes/Windows.md': '# Windows\r\nfirst\r\nsecond\r\nthird',
  'Private/Diary.md': '# Diary\n\nSECRET-DIARY-TEXT do not send.\n',
  'Long.md': `---\nstatus: draft\n---\n${LONG}\n`,
  'Latin1.md': Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  'pic.png': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  ...Object.fromEntries(Array.from({ length: 23 }, (_, index) => [`Many/N${String(index + 1).padStart(2, '0')}.md`, `note ${index + 1}\n`])),
};

interface ReadNote {
  path: string;
  etag: string;
  body?: string;
  frontmatter?: Record<string, unknown> | null;
  truncated?: boolean;
  next_line?: number;
}

interface ReadMany {
  notes: ReadNote[];
  skipped: { path: string; code: string; reason: string }[];
  total: number;
  next_cursor: string | null;
}

interface Lines {
  path: string;
  etag: string;
  body?: string;
  lines: string;
  from_line: number;
  to_line: number;
  total_lines: number;
}

let harness: AiHarness;

beforeAll(async () => {
  harness = await startAiHarness({ files: FILES, noProvider: true });
  const config = await harness.rest('PUT', '/v1/vault/config', { config: { access: { excluded_paths: ['Private/**'] } } }, harness.served.admin);
  expect(config.status).toBe(200);
});
afterAll(() => harness.dispose());

async function call<T>(name: string, args: object): Promise<{ data: T; text: string }> {
  const result: CallToolResult = await harness.callTool(name, args, harness.served.read);
  expect(result.isError).not.toBe(true);
  return { data: result.structuredContent as T, text: (result.content as { text: string }[])[0]?.text ?? '' };
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await harness.rest('POST', path, body, harness.served.read);
  expect(response.status).toBe(200);
  return (response.body as { data: T }).data;
}

async function get<T>(path: string): Promise<{ data: T; etag: string | null }> {
  const response = await harness.rest('GET', path, undefined, harness.served.read);
  expect(response.status).toBe(200);
  return { data: (response.body as { data: T }).data, etag: response.headers.get('etag') };
}

describe('note_read_many', () => {
  it('returns three notes in request order, each with note_read\'s etag, and skips a missing one with its reason (MCP)', async () => {
    const { data, text } = await call<ReadMany>('note_read_many', { paths: ['Projects/Beta.md', 'Nowhere.md', 'Notes/Meeting', 'Projects/Alpha.md'] });
    expect(data.notes.map((note) => note.path)).toEqual(['Projects/Beta.md', 'Notes/Meeting.md', 'Projects/Alpha.md']);
    expect(data.skipped).toEqual([{ path: 'Nowhere.md', code: 'not_found', reason: expect.stringContaining('No file at "Nowhere.md"') as unknown }]);
    expect([data.total, data.next_cursor]).toEqual([4, null]);
    expect(data.notes[2]).toMatchObject({ frontmatter: { tags: ['project'] }, body: '# Alpha\n\nAlpha ships the sync engine.\n\n## Goals\nFast sync.\n' });
    for (const note of data.notes) {
      const single = await call<ReadNote>('note_read', { path: note.path });
      expect([note.path, note.etag]).toEqual([note.path, single.data.etag]);
    }
    // A content-first client sees each note's text, in order, under its path and etag, then the skipped path.
    expect(text.split('\n')[0]).toBe('Read 3 notes, skipped 1.');
    const order = ['==> Projects/Beta.md (etag', 'Beta is the storage layer.', '==> Notes/Meeting.md (etag', 'Review the incident.', '==> Projects/Alpha.md (etag', 'tags:\n  - project', 'Alpha ships the sync engine.', 'Nowhere.md', 'not_found'];
    const positions = order.map((piece) => text.indexOf(piece));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('skips each path it cannot read with a stable code and reason, and reads the rest (REST)', async () => {
    const paths = ['../outside.md', '.obsidian/app.json', 'pic.png', 'Latin1.md', 'Private/Diary.md', 'Projects/Alpha', 'Projects/Alpha.md', 'Projects/Beta.md'];
    const data = await post<ReadMany>('/v1/notes/read-many', { paths });
    expect(data.notes.map((note) => note.path)).toEqual(['Projects/Alpha.md', 'Projects/Beta.md']);
    expect(data.skipped.map(({ path, code }) => [path, code])).toEqual([
      ['../outside.md', 'invalid_path'],
      ['.obsidian/app.json', 'path_forbidden'],
      ['pic.png', 'not_markdown'],
      ['Latin1.md', 'not_utf8'],
      // An excluded note answers as a missing one: its existence does not leak.
      ['Private/Diary.md', 'not_found'],
      ['Projects/Alpha.md', 'invalid_input'],
    ]);
    expect(data.skipped.find((skip) => skip.path === 'pic.png')?.reason).toBe('"pic.png" is not a note: only .md files are notes.');
    expect(data.skipped.find((skip) => skip.code === 'invalid_input')?.reason).toBe('The same note as "Projects/Alpha" (item 6), which is read once.');
    expect(JSON.stringify(data)).not.toContain('SECRET-DIARY-TEXT');
  });

  it('reads a glob in path order, 20 notes a call, with a cursor for the rest; non-UTF-8 matches are skipped', async () => {
    const first = await call<ReadMany>('note_read_many', { glob: 'Many/**', include: [] });
    expect(first.data.notes.map((note) => note.path)).toEqual(Array.from({ length: 20 }, (_, index) => `Many/N${String(index + 1).padStart(2, '0')}.md`));
    expect(first.data.notes[0]).toEqual({ path: 'Many/N01.md', etag: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown });
    expect([first.data.total, typeof first.data.next_cursor]).toEqual([23, 'string']);
    const rest = await call<ReadMany>('note_read_many', { glob: 'Many/**', include: [], cursor: first.data.next_cursor });
    expect([rest.data.notes.map((note) => note.path), rest.data.next_cursor]).toEqual([['Many/N21.md', 'Many/N22.md', 'Many/N23.md'], null]);
    const top = await post<ReadMany>('/v1/notes/read-many', { glob: '*.md' });
    expect([top.notes.map((note) => note.path), top.skipped.map((skip) => [skip.path, skip.code])]).toEqual([['Long.md'], [['Latin1.md', 'not_utf8']]]);
  });

  it('cuts a body over max_bytes at a line end, marks it, and says where note_read reads on', async () => {
    const { data, text } = await call<ReadMany>('note_read_many', { paths: ['Long.md', 'Projects/Beta.md'], max_bytes: 200 });
    const [long, beta] = data.notes;
    expect(long).toMatchObject({ path: 'Long.md', frontmatter: { status: 'draft' }, truncated: true });
    expect(Buffer.byteLength(long?.body ?? '')).toBeLessThanOrEqual(200);
    expect(long?.body?.endsWith('\n')).toBe(true);
    expect(beta).not.toHaveProperty('truncated');
    expect(text).toContain(`…(truncated at max_bytes; note_read with from_line ${long?.next_line} reads on)`);
    // The cut body and the lines from next_line make the whole body; the etag is the whole note's.
    const restOf = await call<Lines>('note_read', { path: 'Long.md', from_line: long?.next_line });
    expect(`${long?.body}${restOf.data.lines}`).toBe(`${LONG}\n`);
    expect(restOf.data.etag).toBe(long?.etag);
  });

  it('refuses paths and glob together, and neither', async () => {
    const both = await harness.rest('POST', '/v1/notes/read-many', { paths: ['A.md'], glob: '**' }, harness.served.read);
    const neither = await harness.rest('POST', '/v1/notes/read-many', {}, harness.served.read);
    expect([both.status, neither.status]).toEqual([400, 400]);
    expect((both.body as { error: { code: string } }).error.code).toBe('invalid_input');
  });
});

describe('note_read with from_line, line_count and line_numbers', () => {
  it('returns the lines asked for, numbered over the whole file, with the range and total (MCP structured and text)', async () => {
    const whole = await call<ReadNote>('note_read', { path: 'Projects/Alpha.md' });
    const { data, text } = await call<Lines>('note_read', { path: 'Projects/Alpha.md', from_line: 4, line_count: 3, line_numbers: true });
    expect(data).toEqual({ path: 'Projects/Alpha.md', etag: whole.data.etag, lines: '4: # Alpha\n5: \n6: Alpha ships the sync engine.\n', from_line: 4, to_line: 6, total_lines: 9 });
    expect(text).toBe(`Projects/Alpha.md (etag ${whole.data.etag}) lines 4–6 of 9\n4: # Alpha\n5: \n6: Alpha ships the sync engine.\n`);
  });

  it('reaches an outline heading at its 0-based line + 1; include still adds parts', async () => {
    const outline = (await call<{ outline: { heading: string; line: number }[] }>('note_outline', { path: 'Projects/Alpha.md' })).data.outline;
    const goals = outline.find((entry) => entry.heading === 'Goals');
    const { data } = await call<Lines>('note_read', { path: 'Projects/Alpha.md', from_line: (goals?.line ?? 0) + 1, include: ['body'] });
    expect([data.lines, data.body?.startsWith('# Alpha')]).toEqual(['## Goals\nFast sync.\n', true]);
  });

  it('keeps CRLF and a last line without a line break; past the end it returns no lines and the total', async () => {
    const { data } = await call<Lines>('note_read', { path: 'Notes/Windows.md', from_line: 3 });
    expect(data).toMatchObject({ lines: 'second\r\nthird', from_line: 3, to_line: 4, total_lines: 4 });
    const past = await call<Lines>('note_read', { path: 'Notes/Windows.md', from_line: 9, line_numbers: true });
    expect(past.data).toMatchObject({ lines: '', from_line: 9, to_line: 4, total_lines: 4 });
    expect(past.text.split('\n')[0]).toMatch(/ no lines from 9: the file has 4$/);
  });

  it('takes the range as query parameters on GET /v1/notes/{path}, with the whole note\'s ETag', async () => {
    const whole = await get<ReadNote>('/v1/notes/Projects/Alpha.md');
    const ranged = await get<Lines>('/v1/notes/Projects/Alpha.md?from_line=1&line_count=3&line_numbers=true');
    expect(ranged.data).toEqual({ path: 'Projects/Alpha.md', etag: whole.data.etag, lines: '1: ---\n2: tags: [project]\n3: ---\n', from_line: 1, to_line: 3, total_lines: 9 });
    expect(ranged.etag).toBe(whole.etag);
    const bad = await harness.rest('GET', '/v1/notes/Projects/Alpha.md?from_line=0', undefined, harness.served.read);
    expect([bad.status, (bad.body as { error: { code: string } }).error.code]).toEqual([400, 'invalid_input']);
  });
});

describe('the built CLI', () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'indx-home-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('note get-many and note get --from-line talk to the running server', async () => {
    const environment = isolatedEnvironment(home, { INDX_URL: harness.served.server.url, INDX_TOKEN: harness.served.read });
    const many = await runCli(['note', 'get-many', '--paths', 'Projects/Beta.md,Nowhere.md,Notes/Meeting.md'], environment);
    expect([many.code, many.stderr]).toEqual([0, '']);
    const data = JSON.parse(many.stdout) as ReadMany;
    expect([data.notes.map((note) => note.path), data.skipped.map((skip) => skip.code)]).toEqual([['Projects/Beta.md', 'Notes/Meeting.md'], ['not_found']]);
    const lines = await runCli(['note', 'get', 'Notes/Meeting.md', '--from-line', '3', '--line-count', '2', '--line-numbers', '--text'], environment);
    expect(lines.code).toBe(0);
    expect(lines.stdout).toMatch(/^Notes\/Meeting\.md \(etag [0-9a-f]{16}\) lines 3–4 of 4\n3: ## Agenda\n4: Review the incident\.\n/);
  });
});
