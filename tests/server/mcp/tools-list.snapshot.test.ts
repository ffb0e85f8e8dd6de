import { startMcpHarness, type McpHarness } from './mcp-harness';

// House style: a snapshot of tools/list makes every change to a tool's name, annotations or
// schema visible in review. Taken with a write token, the widest catalog a write token sees.

let harness: McpHarness;

beforeAll(async () => {
  harness = await startMcpHarness();
});
afterAll(() => harness.dispose());

test('tools/list for a write token (names, titles, annotations, input and output schemas)', async () => {
  const legacy = await (await harness.connect('legacy', harness.write)).listTools();
  const modern = await (await harness.connect('modern', harness.write)).listTools();
  expect(modern.tools).toEqual(legacy.tools);
  expect(legacy.tools).toMatchSnapshot();
});

test('every advertised input property carries the description written in the registry', async () => {
  const { tools } = await (await harness.connect('modern', harness.write)).listTools();
  for (const tool of tools) {
    for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
      expect({ tool: tool.name, name, description: (property as { description?: unknown }).description }).toEqual({ tool: tool.name, name, description: expect.any(String) as unknown });
    }
  }
});
