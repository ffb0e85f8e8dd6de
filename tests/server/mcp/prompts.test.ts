import type { Client } from '@modelcontextprotocol/client';
import { PROMPT_TOOLS_META_KEY } from '../../../src/server/mcp/register-prompts';
import { createPrompts } from '../../../src/server/mcp/prompts';
import { ERAS, startMcpHarness, type McpHarness } from './mcp-harness';

// Issue 3 item 5 through a real client per era: the seed's five prompts with described
// arguments, messages built from the vault, and a recommended tool allow-list.

const TODAY = Date.UTC(2026, 10, 21, 12);

describe.each(ERAS)('prompts over the %s era', (era) => {
  let harness: McpHarness;
  let client: Client;

  beforeAll(async () => {
    harness = await startMcpHarness({ endpoint: { prompts: createPrompts({ clock: () => TODAY }) } });
    client = await harness.connect(era, harness.write);
  });
  afterAll(() => harness.dispose());

  test('prompts/list names the seed prompts with arguments and a tool allow-list', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['vault_summary', 'daily_note', 'link_orphans', 'cleanup_unresolved_links', 'weekly_review']);
    const daily = prompts.find((prompt) => prompt.name === 'daily_note');
    expect(daily?.arguments).toEqual([{ name: 'date', description: expect.stringContaining('YYYY-MM-DD') as unknown, required: false }]);
    expect(daily?._meta?.[PROMPT_TOOLS_META_KEY]).toEqual(['note_exists', 'note_daily', 'note_read', 'note_outline', 'note_list', 'note_write', 'note_patch']);
    expect(daily?.description).toContain('Recommended tools: note_exists, note_daily, note_read');
  });

  test('prompts/get builds messages from the vault', async () => {
    const result = await client.getPrompt({ name: 'daily_note', arguments: {} });
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ role: 'user', content: { type: 'text', text: expect.stringContaining('Daily/2026-11-21.md') as unknown } });
    expect((result.messages[0]?.content as { text: string }).text).toContain('The note exists');
  });

  test('a bad argument is an invalid-params error carrying invalid_input', async () => {
    const error: unknown = await client.getPrompt({ name: 'daily_note', arguments: { date: '2026-02-30' } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: -32602, data: { code: 'invalid_input' } });
  });
});
