import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/server';
import { isJsonRpcError, isJsonRpcResult } from './json-rpc';
import { describeError } from './describe-error';
import { isAnswerWithoutId, toHttpFailureAnswer } from './relay-answers';
import { parseMessages, readReplyMessages } from './reply-messages';

/** Where {@link relayReply} writes and logs, and the signal of the relay stopping. */
export interface ReplySink {
  write: (message: JSONRPCMessage) => Promise<void>;
  log: (line: string) => void;
  stopped: AbortSignal;
}

/**
 * Writes every message of the server's HTTP answer to `request` to the client, in order, and
 * resolves with the answer (null when the stream ended, or broke off, before it). An HTTP error
 * is answered with its JSON-RPC error (given the request's id when it has none) or, without one,
 * an error made from the status, so the client is never left waiting.
 */
export async function relayReply(response: Response, request: JSONRPCRequest, sink: ReplySink): Promise<JSONRPCMessage | null> {
  if (!response.ok) return relayHttpError(response, request, sink);
  let answer: JSONRPCMessage | null = null;
  try {
    for await (const reply of readReplyMessages(response, (reason) => sink.log(reason))) {
      if (isAnswerTo(reply, request)) answer = reply;
      await sink.write(reply);
    }
  } catch (error: unknown) {
    // The stream broke off (the server stopped): what arrived was relayed; the caller decides about the rest.
    if (sink.stopped.aborted) throw error;
    if (answer === null) sink.log(`the server's answer stream broke off (${describeError(error)})`);
  }
  return answer;
}

async function relayHttpError(response: Response, request: JSONRPCRequest, sink: ReplySink): Promise<JSONRPCMessage> {
  const text = await response.text();
  const replies = parseMessages(text, () => undefined).map((reply) => (isAnswerWithoutId(reply) ? { ...reply, id: request.id } : reply));
  const answer = replies.find((reply) => isAnswerTo(reply, request)) ?? toHttpFailureAnswer(request, response.status, text);
  await sink.write(answer);
  return answer;
}

function isAnswerTo(message: JSONRPCMessage, request: JSONRPCRequest): boolean {
  return (isJsonRpcResult(message) || isJsonRpcError(message)) && message.id === request.id;
}
