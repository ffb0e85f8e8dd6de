import type { TocInput } from './toc-input-schema';

/**
 * Whether an ai_toc call uses the chat model: a Map of Content always (the model titles its
 * groups), a note's table of contents only with `include_descriptions`. The outline alone is
 * deterministic and free of model calls (seed 002 §5.3, §11.3).
 */
export function tocNeedsModel(input: TocInput): boolean {
  return input.mode === 'moc' || input.include_descriptions === true;
}
