import type { AiStreamEvent } from '../runtime/ai-stream-event';

/**
 * An `onPartial` handler that streams one string field of a growing structured reply as
 * `ai.partial` deltas: each call emits what the field gained since the last one. A partial whose
 * field is missing, or no longer extends what was sent (a provider re-shaping its partial
 * object), sends nothing; the final result carries the full value anyway.
 */
export function streamFieldDeltas(field: string, emit: (event: AiStreamEvent) => void): (partial: unknown) => void {
  let sent = '';
  return (partial) => {
    const value = fieldOf(partial, field);
    if (value === undefined || value.length <= sent.length || !value.startsWith(sent)) return;
    emit({ type: 'ai.partial', delta: value.slice(sent.length) });
    sent = value;
  };
}

function fieldOf(partial: unknown, field: string): string | undefined {
  if (typeof partial !== 'object' || partial === null) return undefined;
  const value = (partial as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}
