import type { CallToolResult } from '@modelcontextprotocol/client';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { startAiHarness, type AiHarness } from '../helpers/ai-harness';
import type { TempFiles } from '../helpers/temp-vault';
import { DAILY_VAULT, expectedDailyNote, NOW } from './daily-vault';

// note_daily headless, through a real MCP client over HTTP and through REST: the note goes where
// the vault's Daily notes (or Periodic Notes) settings say, from their template, once.

interface DailyOutput {
  path: string;
  date: string;
  created: boolean;
  etag: string;
  frontmatter: Record<string, unknown> | null;
  body: string;
}

function structured(result: CallToolResult): DailyOutput {
  expect(result.isError).not.toBe(true);
  return result.structuredContent as DailyOutput;
}

function errorOf(result: CallToolResult): { code: string; details: Record<string, unknown> } {
  expect(result.isError).toBe(true);
  return result._meta?.['indx/error'] as { code: string; details: Record<string, unknown> };
}

async function harnessWith(files: TempFiles): Promise<AiHarness> {
  return startAiHarness({ files, noProvider: true, clock: () => NOW });
}

describe('note_daily with core Daily notes settings', () => {
  let harness: AiHarness;
  beforeAll(async () => {
    harness = await harnessWith(DAILY_VAULT);
  });
  afterAll(() => harness.dispose());

  it('over MCP: creates today’s note in the settings’ folder and format from their template, then returns it', async () => {
    const expected = expectedDailyNote(new Date(NOW));
    expect(expected.path).toBe('Journal/2026/11/2026-11-21 Saturday.md');
    const first = structured(await harness.callTool('note_daily', {}));
    expect(first).toMatchObject({ path: expected.path, date: '2026-11-21', created: true, body: expected.body, frontmatter: expected.frontmatter });
    expect(first.body).toBe('# 2026-11-21 Saturday\n\nWeek 2026-W47 · [[2026/11/2026-11-20 Friday|Yesterday]] · [[2026/11/2026-11-22 Sunday|Tomorrow]]\n');
    expect(await fs.readFile(path.join(harness.root, expected.path), 'utf8')).toBe(`---\ntags: [daily]\nday: "2026-11-21"\n---\n${expected.body}`);
    const second = structured(await harness.callTool('note_daily', {}));
    expect(second).toEqual({ ...first, created: false });
  });

  it('over MCP: offset and date pick the day; a read-only caller reads with create: false, and is refused creating', async () => {
    const yesterday = structured(await harness.callTool('note_daily', { offset: -1 }));
    expect(yesterday).toMatchObject({ path: 'Journal/2026/11/2026-11-20 Friday.md', date: '2026-11-20', created: true });
    const reader = harness.served.read;
    expect(structured(await harness.callTool('note_daily', { date: '2026-11-21', offset: -1, create: false }, reader))).toMatchObject({ path: yesterday.path, created: false, etag: yesterday.etag });
    expect(errorOf(await harness.callTool('note_daily', { date: '2026-12-24', create: false }, reader))).toMatchObject({ code: 'not_found', details: { path: 'Journal/2026/12/2026-12-24 Thursday.md', date: '2026-12-24' } });
    expect(errorOf(await harness.callTool('note_daily', { date: '2026-12-24' }, reader))).toMatchObject({ code: 'forbidden', details: { required: 'vault:write' } });
    expect(errorOf(await harness.callTool('note_daily', { date: '2026-02-30' }))).toMatchObject({ code: 'invalid_input' });
  });

  it('over REST: POST /v1/daily creates the day’s note once (201); the second call returns it (200)', async () => {
    const first = await harness.rest('POST', '/v1/daily', { date: '2027-01-01' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ok: true, data: { path: 'Journal/2027/01/2027-01-01 Friday.md', created: true, frontmatter: { tags: ['daily'], day: '2027-01-01' } } });
    expect((first.body as { data: { body: string } }).data.body).toContain('Week 2027-W01 · [[2026/12/2026-12-31 Thursday|Yesterday]]');
    const again = await harness.rest('POST', '/v1/daily', { date: '2027-01-01' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ok: true, data: { created: false, etag: (first.body as { data: { etag: string } }).data.etag } });
    expect((await harness.rest('POST', '/v1/daily', { date: '2027-01-02', create: false })).status).toBe(404);
  });

  it('creates atomically: of two calls racing for a missing note, one creates it and the other returns it', async () => {
    const [one, two] = await Promise.all([harness.rest('POST', '/v1/daily', { date: '2027-03-01' }), harness.rest('POST', '/v1/daily', { date: '2027-03-01' })]);
    const outcomes = [one, two].map((answer) => (answer.body as { data: DailyOutput }).data);
    expect(outcomes.map((outcome) => outcome.created).sort()).toEqual([false, true]);
    expect(outcomes[0]?.etag).toBe(outcomes[1]?.etag);
  });

  it('a template the settings name but the vault lacks is not_found, and nothing is created', async () => {
    await fs.writeFile(path.join(harness.root, '.obsidian/daily-notes.json'), JSON.stringify({ folder: 'Journal', template: 'Templates/Gone' }));
    expect(errorOf(await harness.callTool('note_daily', { date: '2027-05-05' }))).toMatchObject({ code: 'not_found', details: { template: 'Templates/Gone' } });
    expect(structured(await harness.callTool('note_exists', { path: 'Journal/2027-05-05.md' }))).toMatchObject({ exists: false });
  });
});

describe('which settings are in force', () => {
  it('Periodic Notes, switched on with daily notes enabled, takes precedence over core Daily notes', async () => {
    const harness = await harnessWith({
      ...DAILY_VAULT,
      '.obsidian/community-plugins.json': JSON.stringify(['periodic-notes']),
      '.obsidian/plugins/periodic-notes/data.json': JSON.stringify({ daily: { enabled: true, folder: 'Periodic/Days', format: 'DD-MM-YYYY', template: 'Templates/Meeting' } }),
    });
    try {
      const note = structured(await harness.callTool('note_daily', {}));
      expect(note).toMatchObject({ path: 'Periodic/Days/21-11-2026.md', created: true, frontmatter: { type: 'meeting' } });
      // A daily note's {{date}} is in the daily format; {{time}} is HH:mm.
      expect(note.body).toBe('# 21-11-2026\n\nHeld 21-11-2026 at 09:30 (Saturday).\n');
    } finally {
      await harness.dispose();
    }
  });

  it('without any daily notes settings: Daily/YYYY-MM-DD.md, created empty', async () => {
    const harness = await harnessWith({ 'Home.md': '# Home\n' });
    try {
      expect(structured(await harness.callTool('note_daily', {}))).toMatchObject({ path: 'Daily/2026-11-21.md', created: true, body: '', frontmatter: null });
    } finally {
      await harness.dispose();
    }
  });
});
