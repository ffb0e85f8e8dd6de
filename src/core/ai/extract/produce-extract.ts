import type { OperationContext } from '../../ops/operation-context';
import type { AiWarning, ProposedPatch } from '../ai-schemas';
import { readModelReply } from '../chat/read-model-reply';
import { clampConfidence } from '../grounding/clamp-confidence';
import { GroundingTally } from '../grounding/grounding-tally';
import { ungroundedDroppedWarning } from '../grounding/ungrounded-dropped-warning';
import { verifyEvidence } from '../grounding/verify-evidence';
import type { AiSession } from '../runtime/run-ai-call';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { scopeResolvedOf } from '../scope/scope-resolved-of';
import type { ExtractSchema } from './compile-extract-schema';
import type { ExtractInput } from './extract-input-schema';
import { extractJsonSchema } from './extract-json-schema';
import type { AppliedExtractWrite, ExtractResult } from './extract-output-schema';
import { extractPrompt } from './extract-prompt';
import { extractReplySchema } from './extract-reply-schema';
import { validateExtractData, type DroppedData } from './validate-extract-data';

/** What ai_extract's generation produces (and the cache keeps); the apply step adds its fields. */
export interface ExtractProduct {
  results: ExtractResult[];
  scope_resolved: { paths: string[]; total_tokens: number };
  applied?: AppliedExtractWrite[];
  proposed_patches?: ProposedPatch[];
}

/**
 * Asks the model to extract the caller's schema from each note (one call per note, in path
 * order), then validates the data against the schema (invalid array items, or an invalid whole,
 * dropped with `extract_invalid`) and verifies its citations: under cite, a note's data left
 * without a citation is dropped with `ungrounded_dropped`, and when no note's data keeps one the
 * call fails with `ai_grounding_failed`. Empty data (null, an empty list) needs no citation.
 */
export async function produceExtract(context: OperationContext, session: AiSession, notes: readonly NoteSnapshot[], input: ExtractInput, schema: ExtractSchema): Promise<ExtractProduct> {
  const tally = new GroundingTally();
  const results: ExtractResult[] = [];
  for (const note of notes) results.push(await produceForNote(context, session, note, input, schema, tally));
  if (input.cite !== false) tally.requireSome('ai_extract');
  return { results, scope_resolved: scopeResolvedOf(notes) };
}

async function produceForNote(context: OperationContext, session: AiSession, note: NoteSnapshot, input: ExtractInput, schema: ExtractSchema, tally: GroundingTally): Promise<ExtractResult> {
  const prompt = extractPrompt(note, schema.schema, { ...(input.language === undefined ? {} : { language: input.language }), ...(input.schema_id === undefined ? {} : { schemaId: input.schema_id }), maxInputTokens: session.maxInputTokens });
  const chat = await session.chat({ ...prompt, json_schema: extractJsonSchema(schema.schema), schema_name: 'extract' });
  const reply = readModelReply(chat, extractReplySchema, { operation: 'ai_extract', provider: context.ai.chat?.provider });
  const base = { path: note.path, etag: note.etag, confidence: clampConfidence(reply.confidence) };
  const raw = reply.data ?? null;
  if (raw === null) return { ...base, data: null, citations: [] };
  const validated = validateExtractData(schema, raw);
  validated.dropped.forEach((dropped) => session.warn(invalidWarning(note.path, dropped)));
  if (validated.data === null || isEmpty(validated.data)) return { ...base, data: validated.data, citations: [] };
  const evidence = await verifyEvidence(context, session, note, reply.citations ?? []);
  const kept = input.cite === false || evidence.citations.length > 0;
  tally.record(kept, { path: note.path, item: 'data', reasons: evidence.reasons });
  if (!kept) {
    session.warn(ungroundedWarning(note.path, evidence.reasons));
    return { ...base, data: null, citations: [] };
  }
  return { ...base, data: validated.data, citations: evidence.citations };
}

function isEmpty(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

function invalidWarning(path: string, dropped: DroppedData): AiWarning {
  const what = dropped.index === undefined ? 'The data extracted' : `Item ${dropped.index} of the data extracted`;
  return { code: 'extract_invalid', path, message: `${what} from "${path}" failed the schema and was dropped: ${dropped.errors.join('; ')}.`, details: { ...(dropped.index === undefined ? {} : { index: dropped.index }), errors: dropped.errors } };
}

function ungroundedWarning(path: string, reasons: readonly string[]): AiWarning {
  return ungroundedDroppedWarning({ path, message: `The data extracted from "${path}" was dropped: none of its citations could be verified.`, details: { reasons: [...reasons] } });
}
