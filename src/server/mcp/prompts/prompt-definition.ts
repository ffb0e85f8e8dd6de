import type { z } from 'zod';
import type { Caller, Engine } from '../../../core/engine';

/** One message of a prompt: text for the user or assistant role. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}

/**
 * A prompt indx ships (seed 000 §5). `arguments` is a zod object of optional fields, each
 * described; MCP sends prompt arguments as strings, so number and boolean fields accept their
 * string forms. `messages` validates its arguments (`invalid_input`) and embeds facts fetched
 * through the engine as `caller`. `tools` is the recommended tool allow-list.
 */
export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  arguments: z.ZodObject;
  tools: string[];
  messages(args: Record<string, unknown>, engine: Engine, caller: Caller): Promise<PromptMessage[]>;
}
