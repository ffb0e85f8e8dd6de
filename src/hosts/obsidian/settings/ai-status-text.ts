import type { AiSettings } from '../../../core/ai/runtime/ai-settings';
import { PROVIDER_LABELS } from './ai-provider';

/**
 * What the AI section's status line says about the running engine's AI settings (null: the
 * server is not running): on with its model and provider, or off and why (a half configuration
 * names what to fix).
 */
export function describeAiStatus(settings: AiSettings | null): string {
  if (settings === null) return 'Shown while the server runs. The AI commands work only then.';
  if (!settings.enabled) return 'Off: switched off in the vault configuration (ai.enabled is false).';
  if (settings.chat === null) return settings.problem === null ? 'Off. Choose a provider and enter a chat model.' : `Off: ${settings.problem}.`;
  return `On: ${settings.chat.model} through ${PROVIDER_LABELS[settings.chat.provider]}.`;
}
