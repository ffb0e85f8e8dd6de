import { IndxError } from '../../errors';
import type { AiRuntime } from './ai-runtime';

/**
 * Throws `ai_unavailable` (nothing is sent anywhere) unless `operation` can run: the runtime is
 * switched on, and it has a chat model when `role` is `chat`, or at least a chat model or
 * embeddings when `any`. `details.required_role` names what is missing.
 */
export function requireAiRole(runtime: AiRuntime, operation: string, role: 'chat' | 'any'): void {
  if (!runtime.settings.enabled) throw unavailable('chat', 'The AI runtime is switched off (INDX_AI_ENABLED=false or ai.enabled: false in the vault configuration).');
  if (role === 'chat' && runtime.chat === null) {
    const why = runtime.settings.problem ?? 'no chat model is configured: set INDX_AI_PROVIDER and INDX_AI_MODEL (or ai.provider and ai.model in the vault configuration)';
    throw unavailable('chat', `${operation} needs a chat model, and ${why}. Nothing was sent anywhere.`);
  }
  if (!runtime.available) throw unavailable('embeddings', `${operation} needs an AI provider (a chat model or embeddings), and none is configured. Nothing was sent anywhere.`);
}

function unavailable(role: 'chat' | 'embeddings', message: string): IndxError {
  return new IndxError('ai_unavailable', message, { required_role: role });
}
