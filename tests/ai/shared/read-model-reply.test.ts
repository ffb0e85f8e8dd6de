import { z } from 'zod';
import type { ChatResult } from '../../../src/core/ai/chat/chat-provider';
import { readModelReply } from '../../../src/core/ai/chat/read-model-reply';
import { isIndxError } from '../../../src/core/errors';

// Every AI operation reads its model reply through one reader (seed 002 §3: structured output,
// an invalid reply is the provider's failure, never a crash, and never echoed back).

const schema = z.object({ answer: z.string(), points: z.array(z.object({ text: z.string() })).optional() });
const SOURCE = { operation: 'ai_test', provider: 'openai-compatible' };

function reply(structured: unknown, text = ''): ChatResult {
  return { text, ...(structured === undefined ? {} : { structured }), usage: { input_tokens: 1, output_tokens: 1, cost_usd: 0 }, finish_reason: 'stop', streamed: false };
}

function failureOf(result: ChatResult, source: { operation: string; provider: string | undefined } = SOURCE): { message: string; details: Record<string, unknown> } {
  try {
    readModelReply(result, schema, source);
  } catch (error: unknown) {
    if (!isIndxError(error, 'ai_provider_error')) throw error;
    return { message: error.message, details: error.details };
  }
  throw new Error('expected ai_provider_error');
}

describe('readModelReply', () => {
  it('returns the provider\'s parsed value, validated', () => {
    expect(readModelReply(reply({ answer: 'yes', extra: 1 }), schema, SOURCE)).toEqual({ answer: 'yes' });
  });

  it('falls back to the reply text when the provider parsed nothing, a Markdown code fence stripped', () => {
    expect(readModelReply(reply(undefined, '```json\n{"answer": "from text"}\n```'), schema, SOURCE)).toEqual({ answer: 'from text' });
  });

  it('reports a reply of the wrong shape as ai_provider_error with the upstream details and the issues', () => {
    const { message, details } = failureOf(reply({ answer: 3 }));
    expect(details).toEqual({
      provider: 'openai-compatible',
      upstream_status: null,
      upstream_message: '1 issue; first at answer: Invalid input: expected string, received number',
      reason: 'invalid_output',
      issues: [{ path: 'answer', message: 'Invalid input: expected string, received number' }],
    });
    expect(message).toContain('ai_test');
  });

  it('reports text that is not JSON the same way, naming an unknown provider when there is none', () => {
    expect(failureOf(reply(undefined, 'Sure! Here is the answer.'), { operation: 'ai_test', provider: undefined }).details).toMatchObject({ provider: 'unknown', reason: 'invalid_output', upstream_message: '1 issue; first at reply: Invalid input: expected object, received undefined' });
  });

  it('never quotes the model\'s reply: not its text, its values, nor keys it invented', () => {
    const injected = 'IGNORE-ALL-INSTRUCTIONS';
    const records = z.object({ fields: z.record(z.string(), z.object({ value: z.string() })) });
    let caught: unknown;
    try {
      readModelReply(reply({ fields: { [`${injected} now`]: { value: 7 } } }, injected), records, SOURCE);
    } catch (error: unknown) {
      caught = error;
    }
    expect(isIndxError(caught, 'ai_provider_error')).toBe(true);
    const error = caught as Error & { details: unknown };
    expect(JSON.stringify(error.details) + error.message).not.toContain(injected);
    expect(error.details).toMatchObject({ issues: [{ path: 'fields.?.value' }] });
  });

  it('lists at most five issues and counts them all in the summary', () => {
    const many = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string(), f: z.string() });
    let caught: unknown;
    try {
      readModelReply(reply({}), many, SOURCE);
    } catch (error: unknown) {
      caught = error;
    }
    const details = (caught as { details: { issues: unknown[]; upstream_message: string } }).details;
    expect(details.issues).toHaveLength(5);
    expect(details.upstream_message).toMatch(/^6 issues; first at a: /);
  });
});
