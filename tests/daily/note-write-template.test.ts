import type { CallToolResult } from '@modelcontextprotocol/client';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { startAiHarness, type AiHarness } from '../helpers/ai-harness';
import { DAILY_VAULT, NOW } from './daily-vault';

// note_write's template: a new note starts from a note of the core Templates folder, its
// variables expanded with the Templates settings' formats, `{{title}}` being the new note's name.

let harness: AiHarness;
beforeAll(async () => {
  harness = await startAiHarness({ files: DAILY_VAULT, noProvider: true, clock: () => NOW });
});
afterAll(() => harness.dispose());

function errorOf(result: CallToolResult): { code: string; details: Record<string, unknown> } {
  expect(result.isError).toBe(true);
  return result._meta?.['indx/error'] as { code: string; details: Record<string, unknown> };
}

const onDisk = (note: string): Promise<string> => fs.readFile(path.join(harness.root, note), 'utf8');

it('over MCP: a template named as in the Templates folder, expanded, with the body after it', async () => {
  const result = await harness.callTool('note_write', { path: 'Meetings/Kickoff', template: 'Meeting', body: '- agenda\n' });
  expect(result.structuredContent).toMatchObject({ path: 'Meetings/Kickoff.md', created: true, frontmatter: { type: 'meeting' } });
  expect(await onDisk('Meetings/Kickoff.md')).toBe('---\ntype: meeting\n---\n# Kickoff\n\nHeld 21.11.2026 at 09:30 (Saturday).\n- agenda\n');
});

it('over REST: a template by vault path (with .md), frontmatter given replacing the template’s', async () => {
  const answer = await harness.rest('PUT', '/v1/notes/Meetings/Review.md', { template: 'Templates/Meeting.md', body: '', frontmatter: { type: 'review', attendees: 3 } });
  expect(answer.status).toBe(201);
  expect(await onDisk('Meetings/Review.md')).toBe('---\ntype: review\nattendees: 3\n---\n# Review\n\nHeld 21.11.2026 at 09:30 (Saturday).\n');
});

it('refuses a template for a note that exists (already_exists), and a template the vault lacks (not_found), writing nothing', async () => {
  expect(errorOf(await harness.callTool('note_write', { path: 'Home.md', template: 'Meeting', body: '' }))).toMatchObject({ code: 'already_exists', details: { path: 'Home.md', template: 'Meeting' } });
  expect(await onDisk('Home.md')).toBe('# Home\n');
  expect(errorOf(await harness.callTool('note_write', { path: 'Nope.md', template: 'Standup', body: '' }))).toMatchObject({ code: 'not_found', details: { template: 'Standup', folder: 'Templates' } });
  await expect(fs.access(path.join(harness.root, 'Nope.md'))).rejects.toThrow();
});
