import type { Client } from '@modelcontextprotocol/client';
import { startAiHarness, type AiHarness } from '../helpers/ai-harness';
import { DAILY_VAULT, NOW } from './daily-vault';

// The daily_note prompt over MCP follows the vault's Daily notes settings: the note's path from
// their folder and format, creation through note_daily (which applies their template), and the
// previous daily note found under the same settings.

let harness: AiHarness;
let client: Client;

beforeAll(async () => {
  harness = await startAiHarness({ files: { ...DAILY_VAULT, 'Journal/2026/11/2026-11-19 Thursday.md': '# Thursday\n' }, noProvider: true, clock: () => NOW });
  client = await harness.connect();
});
afterAll(() => harness.dispose());

async function promptText(args: Record<string, string> = {}): Promise<string> {
  const result = await client.getPrompt({ name: 'daily_note', arguments: args });
  return result.messages.map((message) => (message.content.type === 'text' ? message.content.text : '')).join('\n');
}

it('names the path the settings give, says where that comes from, creates through note_daily and links back to the previous daily note', async () => {
  expect(await promptText({ date: '2026-11-21' })).toBe(
    [
      'Open the daily note for 2026-11-21: Journal/2026/11/2026-11-21 Saturday.md.',
      'Its place follows the vault\'s Daily notes settings: folder "Journal", format "YYYY/MM/YYYY-MM-DD dddd", template "Templates/Daily".',
      '',
      'The note does not exist yet.',
      'Create it with note_daily {date: "2026-11-21"}: it starts from the daily note template, and add a link back to [[Journal/2026/11/2026-11-19 Thursday]] with note_patch.',
      'The previous daily note is Journal/2026/11/2026-11-19 Thursday.md.',
    ].join('\n'),
  );
});

it('reports the note once note_daily made it', async () => {
  await harness.callTool('note_daily', { date: '2026-11-20' });
  const text = await promptText({ date: '2026-11-20' });
  expect(text).toContain('Open the daily note for 2026-11-20: Journal/2026/11/2026-11-20 Friday.md.');
  expect(text).toContain('The note exists (etag ');
  expect(text).toContain('its headings: # 2026-11-20 Friday.');
  expect(text).toContain('The previous daily note is Journal/2026/11/2026-11-19 Thursday.md.');
});
