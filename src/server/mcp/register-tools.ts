import { ProtocolError, ProtocolErrorCode, type CallToolResult, type McpServer } from '@modelcontextprotocol/server';
import type { Caller, Engine } from '../../core/engine';
import type { Operation } from '../../core/ops/operation';
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
 * Registers every operation the caller's scopes allow as a tool (title, description, input and
 * output schemas converted to JSON Schema once per process, annotations), then takes over
 * `tools/call` so that every call (listed or not) goes through the engine: an operation hidden
 * from this caller answers `forbidden`, bad input `invalid_input`, both as `isError` results
 * with `{code, message, details}`. A name that is no operation at all is a JSON-RPC
 * invalid-params error, as the spec shows. Replayable calls (read-only, not admin) go through
 * the replay cache.
 */
export function registerTools(server: McpServer, context: ToolContext): void {
  for (const operation of context.engine.registry.visibleTo(context.caller.scopes)) {
    server.registerTool(operation.name, toolConfig(operation), (args) => callTool(server, context, operation.name, args));
  }
  server.server.setRequestHandler('tools/call', (request) => callTool(server, context, request.params.name, request.params.arguments));
}

function toolConfig(operation: Operation) {
  const schemas = toolSchemasOf(operation);
  return {
    title: operation.title,
    description: operation.description,
    inputSchema: schemas.input,
    outputSchema: schemas.output,
    annotations: { title: operation.title, ...operation.annotations },
  };
}

async function callTool(server: McpServer, context: ToolContext, name: string, input: unknown): Promise<CallToolResult> {
  const operation = findOperation(context.engine, name);
  const result = isReplayable(operation) ? await callReplayable(context, name, input) : await invoke(context, name, input);
  return result.isError === true ? result : server.server.projectCallToolResult(result, toolSchemasOf(operation).outputJsonSchema);
}

async function callReplayable(context: ToolContext, name: string, input: unknown): Promise<CallToolResult> {
  const key = context.replay.keyOf(context.caller, name, input);
  const replayed = context.replay.get(key);
  if (replayed !== undefined) return { ...replayed, _meta: { ...replayed._meta, [REPLAY_META_KEY]: true } };
  const ticket = context.replay.begin();
  const result = await invoke(context, name, input);
  if (result.isError !== true) context.replay.store(key, result, ticket);
  return result;
}

async function invoke(context: ToolContext, name: string, input: unknown): Promise<CallToolResult> {
  try {
    return toToolResult(await context.engine.call(name, input ?? {}, context.caller));
  } catch (error: unknown) {
    return toToolErrorResult(error);
  }
}

function findOperation(engine: Engine, name: string): Operation {
  const operation = engine.registry.list().find((candidate) => candidate.name === name);
  if (operation === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
  return operation;
}
