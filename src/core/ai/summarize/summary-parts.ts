import type { SummaryPart } from './summarize-input-schema';
import type { SummaryShape } from './summary-json-schema';

/** The parts a summary includes when the caller names none (seed 002 §5.1 example). */
export const DEFAULT_SUMMARY_PARTS: readonly SummaryPart[] = ['tldr', 'key_points'];

/** The model-written parts to ask for, from the input's `include` and `cite`. */
export function toSummaryShape(include: readonly SummaryPart[] | undefined, cite: boolean | undefined): SummaryShape {
  const parts = new Set(include ?? DEFAULT_SUMMARY_PARTS);
  return { tldr: parts.has('tldr'), key_points: parts.has('key_points'), open_questions: parts.has('open_questions'), cite: cite !== false };
}
