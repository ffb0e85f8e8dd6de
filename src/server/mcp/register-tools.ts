import { ProtocolError, ProtocolErrorCode, type CallToolRequest, type CallToolResult, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { CallOptions, Caller, Engine } from '../../core/engine';
import type { Operation, OperationAnnotations } from '../../core/ops/operation';
import { hasScope } from '../../core/ops/scopes';
import { createProgressForwarder, type ProgressForwarder } from './progress-forwarder';
import { isReplayable, REPLAY_META_KEY, type ReplayCache } from './replay-cache';
import { toToolErrorResult, toToolResult } from './tool-result';
import { toolSchemasOf } from './tool-schemas';

/** What tool calls run against. */
export interface ToolContext {
  engine: Engine;
  caller: Caller;
  replay: ReplayCache;
}

/**
 * Registers every operation the caller's scopes allow and the engine offers as a tool (title,
 * description, input and output schemas converted to JSON Schema once per process,
 * annotations): AI tools only while their provider is configured (seed 002 §2). Then takes over
 * `tools/call` so that every call (listed or not) goes through the engine: an operation hidden
 * from this caller answers `forbidden`, an AI tool not offered `ai_unavailable`, bad input
 * `invalid_input`, all as `isError` results with `{code, message, details}`. A name that is no
 * operation at all is a JSON-RPC invalid-params error, as the spec shows. Replayable calls
 * (read-only, not admin) go through the replay cache. A call of a streaming operation whose
 * request carries `_meta.progressToken` streams: its events go out as
 * `notifications/progress` (see `createProgressForwarder`) and the final result is the usual
 * one. A cancelled request aborts the call.
 */
export function registerTools(server: McpServer, context: ToolContext): () => void {
  const registered = context.engine.registry.visibleTo(context.caller.scopes, context.caller.tools).map((operation) => {
    const tool = server.registerTool(operation.name, toolConfig(operation, !hasScope(context.caller.scopes, 'vault:write')), (args, ctx) => callTool(server, context, operation.name, args, ctx));
    if (!context.engine.offers(operation)) tool.disable();
    return { operation, tool };
  });
  server.server.setRequestHandler('tools/call', (request, ctx) => callTool(server, context, request.params.name, request.params.arguments, ctx, request));
  // Shows the AI tools that are offered now and hides the others; the SDK sends tools/list_changed for each change.
  return () => {
    for (const { operation, tool } of registered) {
      const offered = context.engine.offers(operation);
      if (offered !== tool.enabled) tool.update({ enabled: offered });
    }
  };
}

function toolConfig(operation: Operation, readOnly: boolean) {
  const schemas = toolSchemasOf(operation, readOnly);
  return {
    title: operation.title,
    description: operation.description,
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    annotations: advertisedAnnotations(operation.annotations),
  };
}

/**
 * The hints a client needs to tell what a tool does, each given only when it says more than the
 * spec's default (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint
 * true) and only where it applies (destructive and idempotent only for a tool that writes). The
 * title is the tool's own `title`.
 */
function advertisedAnnotations(hints: OperationAnnotations): Partial<OperationAnnotations> {
  if (hints.readOnlyHint) return { readOnlyHint: true, ...(hints.openWorldHint ? {} : { openWorldHint: false }) };
  return { ...(hints.destructiveHint ? {} : { destructiveHint: false }), ...(hints.idempotentHint ? { idempotentHint: true } : {}), ...(hints.openWorldHint ? {} : { openWorldHint: false }) };
}

async function callTool(server: McpServer, context: ToolContext, name: string, input: unknown, ctx: ServerContext, request?: CallToolRequest): Promise<CallToolResult> {
  const operation = findOperation(context.engine, name);
  const progress = progressOf(operation, ctx, request);
  const options: CallOptions = { signal: ctx.mcpReq.signal, ...(progress === null ? {} : { onEvent: progress.onEvent }) };
  // A streamed call is run for its events, never answered from the replay cache.
  const result = progress === null && isReplayable(operation) ? await callReplayable(context, operation, input, options) : await invoke(context, operation, input, options);
  await progress?.flushed();
  return result.isError === true ? result : server.server.projectCallToolResult(result, toolSchemasOf(operation).outputJsonSchema);
}

/** The progress forwarder of a call that asked for progress (`_meta.progressToken`) of an operation that streams; else null. */
function progressOf(operation: Operation, ctx: ServerContext, request: CallToolRequest | undefined): ProgressForwarder | null {
  const token = request?.params._meta?.progressToken ?? ctx.mcpReq._meta?.progressToken;
  if (operation.streams !== true || (typeof token !== 'string' && typeof token !== 'number')) return null;
  return createProgressForwarder(token, (notification) => ctx.mcpReq.notify(notification));
}

async function callReplayable(context: ToolContext, operation: Operation, input: unknown, options: CallOptions): Promise<CallToolResult> {
  const state = context.engine.answerState();
  const key = context.replay.keyOf(context.caller, operation.name, input, state);
  const replayed = context.replay.get(key);
  if (replayed !== undefined) return { ...replayed, _meta: { ...replayed._meta, [REPLAY_META_KEY]: true } };
  const ticket = context.replay.begin();
  const result = await invoke(context, operation, input, options);
  // A partial answer (the index still building) or one that straddled a change of state is not kept.
  const settled = !context.engine.indexing() && context.engine.answerState() === state;
  if (result.isError !== true && settled) context.replay.store(key, result, ticket);
  return result;
}

async function invoke(context: ToolContext, operation: Operation, input: unknown, options: CallOptions): Promise<CallToolResult> {
  try {
    return toToolResult(operation, await context.engine.call(operation.name, input ?? {}, context.caller, options));
  } catch (error: unknown) {
    return toToolErrorResult(error);
  }
}

function findOperation(engine: Engine, name: string): Operation {
  const operation = engine.registry.list().find((candidate) => candidate.name === name);
  if (operation === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
  return operation;
}
