import type { AiSettings } from '../../../core/ai/runtime/ai-settings';
import { PROVIDER_LABELS } from './ai-provider';

/**
 * What the AI section's status line says about the engine's AI settings (null: the engine is not
 * open): on with its model and provider, or off and why (a half configuration names what to fix).
 */
export function describeAiStatus(settings: AiSettings | null): string {
  if (settings === null) return 'Shown once indx has opened this vault (after the app has loaded it, and while no other indx process holds it).';
  if (!settings.enabled) return 'Off: switched off in the vault configuration (ai.enabled is false).';
  if (settings.chat === null) return settings.problem === null ? 'Off. Choose a provider and enter a chat model.' : `Off: ${settings.problem}.`;
  return `On: ${settings.chat.model} through ${PROVIDER_LABELS[settings.chat.provider]}.`;
}
