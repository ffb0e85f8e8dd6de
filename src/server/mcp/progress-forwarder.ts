import type { AiStreamEvent, AiStreamListener } from '../../core/ai/runtime/ai-stream-event';

/** A progress token as MCP carries it (`_meta.progressToken` of a request). */
export type ProgressToken = string | number;

/** Sends one notification related to the request being answered (`ctx.mcpReq.notify`). */
export type NotifyRelated = (notification: { method: 'notifications/progress'; params: { progressToken: ProgressToken; progress: number; message: string } }) => Promise<void>;

/** Forwards a streamed call's events; `flushed` resolves once every notification has been handed to the transport. */
export interface ProgressForwarder {
  onEvent: AiStreamListener;
  flushed(): Promise<void>;
}

/**
 * Turns the events of a streamed tool call into `notifications/progress` for the caller's
 * `progressToken` (seed 002 §7: MCP streams as progress notifications). `progress` counts the
 * events (1, 2, 3…: it must increase); `message` is the delta text of an `ai.partial` and a
 * short JSON of any other event. Notifications are sent one after another, in event order; a
 * notification that cannot be sent (the client went away) is dropped, never failing the call.
 */
export function createProgressForwarder(progressToken: ProgressToken, notify: NotifyRelated): ProgressForwarder {
  let count = 0;
  let queue: Promise<void> = Promise.resolve();
  return {
    onEvent(event) {
      count += 1;
      const params = { progressToken, progress: count, message: messageOf(event) };
      queue = queue.then(() => notify({ method: 'notifications/progress', params })).catch(() => undefined);
    },
    flushed: () => queue,
  };
}

function messageOf(event: AiStreamEvent): string {
  return event.type === 'ai.partial' ? event.delta : JSON.stringify(event);
}
