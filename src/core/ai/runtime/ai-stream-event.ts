import type { AiUsage, Citation } from '../ai-schemas';

/**
 * One event of a streamed AI call (seed 002 §7): a piece of the answer, a citation as soon as it
 * is known, the running usage, or progress of a long call (map-reduce parts). Surfaces add the
 * closing `ai.complete` (the full result) or `ai.error` themselves.
 */
export type AiStreamEvent =
  | { type: 'ai.partial'; delta: string }
  | { type: 'ai.citation'; citation: Citation }
  | { type: 'ai.usage'; usage: AiUsage }
  | { type: 'ai.progress'; message: string; progress: number; total?: number };

/** Receives the events of a streamed call. */
export type AiStreamListener = (event: AiStreamEvent) => void;
