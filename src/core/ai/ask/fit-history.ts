import type { ChatMessage } from '../chat/chat-provider';
import { estimateTokens } from '../runtime/estimate-tokens';

/**
 * The most recent turns of a conversation whose estimated tokens together stay within
 * `maxTokens`, oldest first; older turns that do not fit are left out (the server keeps no chat
 * memory, so the caller's history is all there is, and the evidence must keep its room).
 */
export function fitHistory(history: readonly ChatMessage[], maxTokens: number): ChatMessage[] {
  const kept: ChatMessage[] = [];
  let used = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const turn = history[index];
    if (turn === undefined) continue;
    used += estimateTokens(turn.content);
    if (used > maxTokens) break;
    kept.unshift({ role: turn.role, content: turn.content });
  }
  return kept;
}
