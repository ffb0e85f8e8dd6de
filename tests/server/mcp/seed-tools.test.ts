import { TokenStore } from '../../../src/core/auth/token-store';
import { startAiHarness } from '../../helpers/ai-harness';
import { AI_OPERATIONS, APP_OPERATIONS, seedRows } from '../../helpers/seed-table';
import { connectClient, ERAS, startMcpHarness, type McpHarness } from './mcp-harness';

describe('the MCP surface walks the seed 000 §7 table', () => {
  let harness: McpHarness;
  let admin: string;

  beforeAll(async () => {
    harness = await startMcpHarness();
    const tokens = await TokenStore.load(harness.vault.engine.storage);
    admin = (await tokens.create('admin', 'vault:read,vault:write,vault:admin')).token;
  });

  afterAll(async () => {
    await harness.dispose();
  });

  it.each(ERAS)('lists a tool for every row but the AI and app ones to an admin token while no AI provider is configured (%s era)', async (era) => {
    const client = await connectClient(harness.url, era, admin);
    const tools = new Set((await client.listTools()).tools.map((tool) => tool.name));
    await client.close();
    const rows = seedRows();
    const missing = rows.map((row) => row.tool).filter((tool) => !tools.has(tool));
    expect(missing.sort()).toEqual([...AI_OPERATIONS, ...APP_OPERATIONS].sort());
  });

  // Seed 002 §2: the AI tools appear once a provider is configured.
  it('lists a tool for every row but the app ones once an AI provider is configured', async () => {
    const ai = await startAiHarness();
    try {
      const client = await ai.connect(ai.served.admin);
      const tools = new Set((await client.listTools()).tools.map((tool) => tool.name));
      expect(seedRows().filter((row) => !tools.has(row.tool)).map((row) => row.tool)).toEqual(APP_OPERATIONS);
      expect(tools.size).toBe(seedRows().length - APP_OPERATIONS.length);
    } finally {
      await ai.dispose();
    }
  });
});
