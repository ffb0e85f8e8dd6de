import fc from 'fast-check';
import { builtInPricing, costOf } from '../../../src/core/ai/chat/model-pricing';

const USAGE = { input_tokens: 1_000_000, output_tokens: 1_000_000 };

describe('costOf', () => {
  it.each([
    ['gpt-4o', 2.5 + 10],
    ['gpt-4o-mini', 0.15 + 0.6],
    ['gpt-4.1', 2 + 8],
    ['gpt-4.1-mini', 0.4 + 1.6],
    ['gpt-4.1-nano', 0.1 + 0.4],
    ['gpt-5', 1.25 + 10],
    ['gpt-5-mini', 0.25 + 2],
    ['gpt-5-nano', 0.05 + 0.4],
    ['o4-mini', 1.1 + 4.4],
  ])('prices %s from the built-in table', (model, expected) => {
    expect(costOf(model, 'openai', USAGE, null)).toBeCloseTo(expected, 10);
  });

  it('matches the gateway form "openai/<model>" and dated snapshots', () => {
    expect(costOf('openai/gpt-4o-mini', 'vercel-ai-gateway', USAGE, null)).toBeCloseTo(0.75, 10);
    expect(costOf('gpt-4o-mini-2024-07-18', 'openai', USAGE, null)).toBeCloseTo(0.75, 10);
  });

  it('does not confuse a model with a longer name that starts the same', () => {
    expect(builtInPricing('gpt-4o-mini')).not.toEqual(builtInPricing('gpt-4o'));
    expect(builtInPricing('gpt-4o-mini-tts')).toBeNull();
  });

  it('uses the configured pricing before anything else, local providers included', () => {
    const pricing = { input_usd_per_million: 3, output_usd_per_million: 15 };
    expect(costOf('gpt-4o', 'openai', { input_tokens: 1000, output_tokens: 100 }, pricing)).toBeCloseTo((1000 * 3 + 100 * 15) / 1_000_000, 12);
    expect(costOf('llama3.1:8b', 'ollama', USAGE, pricing)).toBe(18);
  });

  it('charges nothing for local providers, even for a model with a known name', () => {
    expect(costOf('gpt-4o', 'ollama', USAGE, null)).toBe(0);
    expect(costOf('gpt-4o', 'lm-studio', USAGE, null)).toBe(0);
  });

  it('charges nothing for an unknown model rather than guessing', () => {
    expect(costOf('anthropic/claude-haiku-4-5', 'vercel-ai-gateway', USAGE, null)).toBe(0);
  });

  it('grows with the tokens and is never negative (seeded property)', () => {
    const tokens = fc.nat({ max: 10_000_000 });
    fc.assert(
      fc.property(tokens, tokens, tokens, (input, output, extra) => {
        const base = costOf('gpt-4.1', 'openai', { input_tokens: input, output_tokens: output }, null);
        expect(base).toBeGreaterThanOrEqual(0);
        expect(costOf('gpt-4.1', 'openai', { input_tokens: input + extra, output_tokens: output }, null)).toBeGreaterThanOrEqual(base);
      }),
      { seed: 2002, numRuns: 200 },
    );
  });
});
