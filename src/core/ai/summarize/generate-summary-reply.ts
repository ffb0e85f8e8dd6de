import { IndxError } from '../../errors';
import { readModelReply } from '../chat/read-model-reply';
import { chunkNotes, renderNoteForPrompt, type NoteRange } from '../prompt/render-note';
import type { AiSession } from '../runtime/run-ai-call';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { streamFieldDeltas } from './field-delta-stream';
import { modelSummarySchema, type ModelSummary } from './model-summary';
import { summarizeMessages } from './summarize-messages';

/** The fixed parts of every summary request of one call. */
export interface SummaryRequest {
  system: string;
  json_schema: Record<string, unknown>;
  cite: boolean;
  /** The provider answering (named in an invalid-reply error). */
  provider: string | undefined;
}

/** Tokens kept free in every prompt for the message's own words (instructions, part numbers). */
const MESSAGE_OVERHEAD_TOKENS = 100;

/**
 * Asks the model for the summary of `notes`. When their rendering fits one prompt, one call;
 * otherwise map-reduce (seed 002 §5.1): the notes are cut into groups that fit (`chunkNotes`),
 * each group is summarized with citations (an `ai.progress` event per part), and the part
 * summaries are combined, in batches that fit when there are many, into the final reply. Only
 * the final call streams its `text`.
 */
export async function generateSummaryReply(session: AiSession, notes: readonly NoteSnapshot[], request: SummaryRequest): Promise<ModelSummary> {
  const budget = session.maxInputTokens - estimateTokens(request.system) - MESSAGE_OVERHEAD_TOKENS;
  const rendered = notes.map((note) => renderNoteForPrompt(note)).join('\n\n');
  if (estimateTokens(rendered) <= budget) return ask(session, request, summarizeMessages.whole(rendered), true);
  const groups = chunkNotes(notes, Math.max(1, budget));
  const parts: ModelSummary[] = [];
  for (const [index, group] of groups.entries()) {
    session.emit({ type: 'ai.progress', message: `part ${index + 1} of ${groups.length}`, progress: index + 1, total: groups.length });
    parts.push(await ask(session, request, summarizeMessages.part(index + 1, groups.length, renderGroup(group)), false));
  }
  return reduce(session, request, parts, budget);
}

async function reduce(session: AiSession, request: SummaryRequest, parts: readonly ModelSummary[], budget: number): Promise<ModelSummary> {
  const message = summarizeMessages.reduce(parts, request.cite);
  if (estimateTokens(message) <= budget) return ask(session, request, message, true);
  const batches = batchParts(parts, budget, request.cite);
  if (batches.length >= parts.length) throw tooLarge(message, session.maxInputTokens);
  const combined: ModelSummary[] = [];
  for (const batch of batches) combined.push(await ask(session, request, summarizeMessages.reduce(batch, request.cite), false));
  return reduce(session, request, combined, budget);
}

/** Groups consecutive part summaries so each group's reduce message fits the budget. */
function batchParts(parts: readonly ModelSummary[], budget: number, cite: boolean): ModelSummary[][] {
  const batches: ModelSummary[][] = [];
  let current: ModelSummary[] = [];
  for (const part of parts) {
    if (current.length > 0 && estimateTokens(summarizeMessages.reduce([...current, part], cite)) > budget) {
      batches.push(current);
      current = [];
    }
    current.push(part);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

async function ask(session: AiSession, request: SummaryRequest, content: string, final: boolean): Promise<ModelSummary> {
  const onPartial = final && session.streaming ? streamFieldDeltas('text', (event) => session.emit(event)) : undefined;
  const result = await session.chat({
    system: request.system,
    messages: [{ role: 'user', content }],
    json_schema: request.json_schema,
    schema_name: 'summary',
    ...(onPartial === undefined ? {} : { onPartial }),
  });
  return readModelReply(result, modelSummarySchema, { operation: 'ai_summarize', provider: request.provider });
}

function renderGroup(group: readonly NoteRange[]): string {
  return group.map((range) => renderNoteForPrompt(range.note, { startLine: range.startLine, endLine: range.endLine })).join('\n\n');
}

function tooLarge(message: string, maxInputTokens: number): IndxError {
  const tokens = estimateTokens(message);
  return new IndxError('ai_input_too_large', `The part summaries of this scope need about ${tokens} tokens even after map-reduce, more than the configured maximum of ${maxInputTokens} per call. Narrow the scope or raise ai.max_input_tokens.`, { tokens, max_input_tokens: maxInputTokens });
}
