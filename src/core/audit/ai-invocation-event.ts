import type { AiUsage } from '../ai/ai-schemas';

/**
 * One AI call, as recorded in the audit log (seed 002 §12): which operation, over which notes,
 * with which model, what it cost and how it ended. Never prompts or outputs.
 */
export interface AiInvocationEvent {
  type: 'ai.invocation';
  op: 'summarize' | 'ask' | 'toc' | 'relate' | 'tag' | 'metadata' | 'extract';
  actor: string;
  /** The notes read (the first 50). */
  scope_paths: string[];
  provider: string;
  model: string;
  usage: AiUsage;
  cache_hit: boolean;
  duration_ms: number;
  ok: boolean;
  error_code?: string;
  /** Notes written by an apply or a write (the first 50); present only when any was. */
  applied_paths?: string[];
  at: string;
}
