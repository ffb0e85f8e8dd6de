import type { GetPromptResult, McpServer } from '@modelcontextprotocol/server';
import type { Caller, Engine } from '../../core/engine';
import { deferValidation } from './defer-validation';
import type { PromptDefinition } from './prompts';
import { toProtocolError } from './to-protocol-error';

/** The `_meta` key of a prompt's recommended tool allow-list. */
export const PROMPT_TOOLS_META_KEY = 'indx/tools';

/** What prompts run against. */
export interface PromptContext {
  engine: Engine;
  caller: Caller;
  prompts: readonly PromptDefinition[];
}

/**
 * Registers each prompt with its described arguments. The recommended tool allow-list goes in
 * `_meta['indx/tools']` and at the end of the description, so clients that ignore `_meta` still
 * show it. Arguments are validated by the prompt itself; its `IndxError` reaches the client as
 * invalid params carrying the stable code.
 */
export function registerPrompts(server: McpServer, context: PromptContext): void {
  for (const prompt of context.prompts) {
    const config = { title: prompt.title, description: describe(prompt), argsSchema: deferValidation(prompt.arguments), _meta: { [PROMPT_TOOLS_META_KEY]: prompt.tools } };
    server.registerPrompt(prompt.name, config, (args) => getPrompt(context, prompt, args));
  }
}

async function getPrompt(context: PromptContext, prompt: PromptDefinition, args: Record<string, unknown>): Promise<GetPromptResult> {
  try {
    return { description: prompt.description, messages: await prompt.messages(args, context.engine, context.caller) };
  } catch (error: unknown) {
    throw toProtocolError(error);
  }
}

function describe(prompt: PromptDefinition): string {
  return `${prompt.description} Recommended tools: ${prompt.tools.join(', ')}.`;
}
