import type { PromptMessage } from './prompt-definition';

/** A user-role text message made of `lines` joined by newlines. */
export function userMessage(lines: readonly string[]): PromptMessage {
  return { role: 'user', content: { type: 'text', text: lines.join('\n') } };
}
