import { TokenStore } from '../../../src/core/auth/token-store';
import { PENDING_OPERATIONS, seedRows } from '../../helpers/seed-table';
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

  it.each(ERAS)('lists a tool for every implemented row to an admin token (%s era); the rest are pending', async (era) => {
    const client = await connectClient(harness.url, era, admin);
    const tools = new Set((await client.listTools()).tools.map((tool) => tool.name));
    await client.close();
    const rows = seedRows();
    const missing = rows.map((row) => row.tool).filter((tool) => !tools.has(tool));
    expect(missing.sort()).toEqual([...PENDING_OPERATIONS].sort());
    expect(rows.length - missing.length).toBe(24);
  });
});
