import type { AiSession } from '../runtime/run-ai-call';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { scopeResolvedOf } from '../scope/scope-resolved-of';
import type { ReplyGrounding } from './citation-check';
import { collectOutline } from './collect-outline';
import { generateSummaryReply } from './generate-summary-reply';
import { groundSummary } from './ground-summary';
import type { ModelSummary } from './model-summary';
import type { SummarizeInput } from './summarize-input-schema';
import type { SummarizeOutput } from './summarize-output-schema';
import { createSummarizeSystemPrompt } from './summarize-system-prompt';
import { createSummaryJsonSchema, type SummaryShape } from './summary-json-schema';
import { toSummaryShape } from './summary-parts';

/** A summary result before `runAiCall` adds usage and warnings. */
export type SummaryResult = Omit<SummarizeOutput, 'usage' | 'warnings'>;

/**
 * Produces an `ai_summarize` result over notes already read: asks the model (map-reduce when the
 * notes do not fit one prompt), grounds the reply (`groundSummary`: key points without a verified
 * citation dropped, `ai_grounding_failed` when nothing is verified), adds the outline from the
 * notes' real headings, and streams the kept citations.
 */
export async function produceSummary(session: AiSession, notes: readonly NoteSnapshot[], input: SummarizeInput, grounding: ReplyGrounding): Promise<SummaryResult> {
  const shape = toSummaryShape(input.include, input.cite);
  const system = createSummarizeSystemPrompt({ ...input, cite: shape.cite });
  const reply = await generateSummaryReply(session, notes, { system, json_schema: createSummaryJsonSchema(shape), cite: shape.cite, provider: grounding.provider });
  const grounded = await groundSummary(reply, grounding.verify, shape.cite);
  for (const warning of grounded.warnings) session.warn(warning);
  for (const citation of grounded.citations) session.emit({ type: 'ai.citation', citation });
  return {
    scope_resolved: scopeResolvedOf(notes),
    summary: assembleSummary(reply, shape, grounded.key_points, input.include?.includes('outline') === true ? collectOutline(notes) : undefined),
    citations: grounded.citations,
  };
}

function assembleSummary(reply: ModelSummary, shape: SummaryShape, keyPoints: string[], outline: ReturnType<typeof collectOutline> | undefined): SummaryResult['summary'] {
  return {
    ...(shape.tldr && reply.tldr !== undefined ? { tldr: reply.tldr } : {}),
    text: reply.text,
    ...(shape.key_points ? { key_points: keyPoints } : {}),
    ...(shape.open_questions ? { open_questions: reply.open_questions } : {}),
    ...(outline === undefined ? {} : { outline }),
  };
}
