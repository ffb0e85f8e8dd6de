import type { Response } from 'express';
import type { Caller, Engine } from '../../core/engine';
import { sendError, toErrorEnvelope } from '../http/envelope';
import { OPERATION_HEADER } from './execute-route';
import { OperationEventStream } from './operation-event-stream';
import type { IfMatchCondition } from './read-if-match';
import { resolveIfMatch } from './resolve-if-match';
import type { RestRoute } from './rest-route';

/** The event that closes a successful stream: the operation's whole output. */
export const COMPLETE_EVENT = 'ai.complete';
/** The event that closes a failed stream: `{code, message, details}`. */
export const ERROR_EVENT = 'ai.error';

/**
 * Answers a request for a streaming operation sent with `Accept: text/event-stream` (seed 002
 * §7): the operation's events as they happen (`ai.partial`, `ai.citation`, `ai.usage`,
 * `ai.progress`; the data is the event itself, `{"type": …}`), then exactly one closing event,
 * `ai.complete` with `{type, data: output}` or `ai.error` with `{type, error: {code, message,
 * details}}`. The response turns into an event stream at the first event (or at completion),
 * so a call that fails before any event answers with the JSON error envelope and its status,
 * as without streaming. The call is aborted when the client goes away. Streamed requests skip
 * the Idempotency-Key cache: a stream cannot be stored and replayed.
 */
export async function streamRoute(engine: Engine, route: RestRoute, input: Record<string, unknown>, caller: Caller, ifMatch: IfMatchCondition | null, response: Response): Promise<void> {
  const name = route.operation.name;
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  const stream = new OperationEventStream(response, { [OPERATION_HEADER]: name });
  try {
    const precondition = await resolveIfMatch(engine, route, input, caller, ifMatch);
    const { output } = await engine.call(name, { ...input, ...precondition }, caller, { onEvent: (event) => stream.send(event.type, event), signal: controller.signal });
    // The client left while a call that never looks at the signal (a cache hit, an apply) finished.
    if (controller.signal.aborted) return;
    stream.send(COMPLETE_EVENT, { type: COMPLETE_EVENT, data: output });
    stream.finish();
  } catch (error: unknown) {
    // The client went away: there is no one to tell.
    if (controller.signal.aborted) return;
    if (!stream.started) return failBeforeStream(response, name, error);
    stream.send(ERROR_EVENT, { type: ERROR_EVENT, error: toErrorEnvelope(error).body.error });
    stream.finish();
  }
}

function failBeforeStream(response: Response, name: string, error: unknown): void {
  response.setHeader(OPERATION_HEADER, name);
  sendError(response, error);
}
