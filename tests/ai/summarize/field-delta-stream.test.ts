import fc from 'fast-check';
import type { AiStreamEvent } from '../../../src/core/ai/runtime/ai-stream-event';
import { streamFieldDeltas } from '../../../src/core/ai/summarize/field-delta-stream';

// Streaming of a growing structured reply (seed 002 §7): ai.partial deltas of one field.

function collect(partials: unknown[], field = 'text'): string[] {
  const events: AiStreamEvent[] = [];
  const onPartial = streamFieldDeltas(field, (event) => events.push(event));
  for (const partial of partials) onPartial(partial);
  return events.map((event) => (event.type === 'ai.partial' ? event.delta : `<${event.type}>`));
}

describe('streamFieldDeltas', () => {
  it('emits what the field gained since the last partial', () => {
    expect(collect([{}, { text: 'Al' }, { text: 'Alpha' }, { text: 'Alpha', key_points: [] }, { text: 'Alpha ships' }])).toEqual(['Al', 'pha', ' ships']);
  });

  it('ignores partials that are not objects, lack the field, or no longer extend what was sent', () => {
    expect(collect([null, 'text', { text: 3 }, { text: 'abc' }, { text: 'xbcd' }, { text: 'abcd' }])).toEqual(['abc', 'd']);
  });

  it('streams the answer field when asked to', () => {
    expect(collect([{ answer: 'I' }, { answer: 'It is' }], 'answer')).toEqual(['I', 't is']);
  });

  it('joins its deltas back into the final value for any growing sequence of prefixes', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.nat(), { maxLength: 8 }), (final, cuts) => {
        const prefixes = [...cuts.map((cut) => final.slice(0, cut % (final.length + 1))).sort((left, right) => left.length - right.length), final];
        expect(collect(prefixes.map((text) => ({ text }))).join('')).toBe(final);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
