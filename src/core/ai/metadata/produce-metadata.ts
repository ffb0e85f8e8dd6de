import type { OperationContext } from '../../ops/operation-context';
import { compareCodeUnits } from '../../ops/compare';
import type { Citation, ProposedPatch } from '../ai-schemas';
import { readModelReply } from '../chat/read-model-reply';
import { GroundingTally } from '../grounding/grounding-tally';
import { uniqueCitations } from '../grounding/unique-citations';
import { verifyEvidence } from '../grounding/verify-evidence';
import type { AiSession } from '../runtime/run-ai-call';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { scopeResolvedOf } from '../scope/scope-resolved-of';
import type { MetadataInput } from './metadata-input-schema';
import { metadataJsonSchema } from './metadata-json-schema';
import type { AppliedMetadataWrite, MetadataFieldResult, MetadataResult } from './metadata-output-schema';
import { metadataPrompt } from './metadata-prompt';
import { metadataReplySchema, type MetadataReplyField } from './metadata-reply-schema';
import { ownValue } from './own-value';
import { settleMetadataField } from './settle-metadata-field';

/**
 * What ai_metadata's generation produces (and the cache keeps): the per-note results, plus the
 * keys whose model value failed validation, by path, which an apply reports as skipped with
 * `validation_failed` (that field is not part of the operation's output).
 */
export interface MetadataProduct {
  results: MetadataResult[];
  scope_resolved: { paths: string[]; total_tokens: number };
  citations: MetadataResult['fields'][string]['evidence'];
  rejected_keys: Record<string, string[]>;
  /** Added by the apply step: the notes written (apply: true). */
  applied?: AppliedMetadataWrite[];
  /** Added by the apply step: draft note_patch calls (apply not true). */
  proposed_patches?: ProposedPatch[];
}

/**
 * Asks the model for the requested fields of each note (one call per note, in path order, under a
 * JSON Schema built from `fields`), then checks, grounds and defaults every value. Under cite,
 * when the model proposed values and none kept a citation, fails with `ai_grounding_failed`.
 */
export async function produceMetadata(context: OperationContext, session: AiSession, notes: readonly NoteSnapshot[], input: MetadataInput): Promise<MetadataProduct> {
  const tally = new GroundingTally();
  const results: MetadataResult[] = [];
  const rejected: Record<string, string[]> = {};
  for (const note of notes) {
    const settled = await produceForNote(context, session, note, input, tally);
    results.push(settled.result);
    if (settled.rejected.length > 0) rejected[note.path] = settled.rejected;
  }
  if (input.cite !== false) tally.requireSome('ai_metadata');
  const citations = uniqueCitations(results.flatMap((result) => Object.values(result.fields).flatMap((field) => field.evidence))).sort(byPathThenLine);
  const scope = scopeResolvedOf(notes);
  return { results, scope_resolved: scope, citations, rejected_keys: rejected };
}

async function produceForNote(context: OperationContext, session: AiSession, note: NoteSnapshot, input: MetadataInput, tally: GroundingTally): Promise<{ result: MetadataResult; rejected: string[] }> {
  const reply = await askModel(context, session, note, input);
  const fields: [string, MetadataFieldResult][] = [];
  const rejected: string[] = [];
  for (const spec of input.fields) {
    const settle = { path: note.path, existing: ownValue(note.frontmatter, spec.key), cite: input.cite !== false, verify: (candidates: Parameters<typeof verifyEvidence>[3]) => verifyEvidence(context, session, note, candidates) };
    const settled = await settleMetadataField(spec, ownValue(reply.fields, spec.key) as MetadataReplyField | null | undefined, settle);
    fields.push([spec.key, settled.result]);
    settled.warnings.forEach((warning) => session.warn(warning));
    if (settled.rejected) rejected.push(spec.key);
    if (settled.claim !== undefined) tally.record(settled.claim.kept, settled.claim.dropped);
  }
  return { result: { path: note.path, etag: note.etag, fields: Object.fromEntries(fields) }, rejected };
}

async function askModel(context: OperationContext, session: AiSession, note: NoteSnapshot, input: MetadataInput): Promise<{ fields: Record<string, MetadataReplyField | null> }> {
  const prompt = metadataPrompt(note, input.fields, { ...(input.language === undefined ? {} : { language: input.language }), maxInputTokens: session.maxInputTokens });
  const reply = await session.chat({ ...prompt, json_schema: metadataJsonSchema(input.fields), schema_name: 'metadata' });
  return readModelReply(reply, metadataReplySchema, { operation: 'ai_metadata', provider: context.ai.chat?.provider });
}

/** The top-level citations are listed by path, then line (a note's fields cite it out of order). */
function byPathThenLine(left: Citation, right: Citation): number {
  return compareCodeUnits(left.path, right.path) || (left.line ?? -1) - (right.line ?? -1);
}
