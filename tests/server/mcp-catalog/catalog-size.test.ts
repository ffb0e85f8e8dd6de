import { encode } from 'gpt-tokenizer';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';

// Issue 13: what tools/list costs a model. Bytes are the compact JSON of the `tools` array a real
// client receives; tokens are counted with o200k_base (the GPT-4o/4.1/5 tokenizer, gpt-tokenizer
// from npm), a stand-in for every model's own.

const NO_AI_BUDGET = 32_000;
const AI_BUDGET = 48_000;

let withAi: AiHarness;
let withoutAi: AiHarness;

beforeAll(async () => {
  [withAi, withoutAi] = await Promise.all([startAiHarness(), startAiHarness({ noProvider: true })]);
});
afterAll(async () => {
  await Promise.all([withAi.dispose(), withoutAi.dispose()]);
});

async function catalogOf(harness: AiHarness, token: string): Promise<{ names: string[]; bytes: number; tokens: number }> {
  const { tools } = await (await harness.connect(token)).listTools();
  const json = JSON.stringify(tools);
  return { names: tools.map((tool) => tool.name), bytes: Buffer.byteLength(json), tokens: encode(json).length };
}

test('an admin catalog without AI fits in 32,000 bytes with every non-AI tool', async () => {
  const catalog = await catalogOf(withoutAi, withoutAi.served.admin);
  console.log(`tools/list, admin, AI off: ${catalog.names.length} tools, ${catalog.bytes} bytes, ${catalog.tokens} o200k tokens`);
  expect(catalog.names).toHaveLength(29);
  expect(catalog.bytes).toBeLessThanOrEqual(NO_AI_BUDGET);
});

test('an admin catalog with AI fits in 48,000 bytes with all 37 tools', async () => {
  const catalog = await catalogOf(withAi, withAi.served.admin);
  console.log(`tools/list, admin, AI on: ${catalog.names.length} tools, ${catalog.bytes} bytes, ${catalog.tokens} o200k tokens`);
  expect(catalog.names).toHaveLength(37);
  expect(catalog.bytes).toBeLessThanOrEqual(AI_BUDGET);
});
