import type { z } from 'zod';
import type { OperationContext } from '../../ops/operation-context';
import { readModelReply } from '../chat/read-model-reply';
import type { CitationCandidate } from '../grounding/citation-candidate';
import { ungroundedDroppedWarning } from '../grounding/ungrounded-dropped-warning';
import { verifyCitations } from '../grounding/verify-citations';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { AiSession } from '../runtime/run-ai-call';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { toOneLine } from '../toc/to-one-line';
import type { Neighbour } from './find-neighbours';
import type { RelatedEdge } from './relate-output-schema';
import { relateJsonSchema, relateReplySchema } from './relate-model-schema';
import { buildRelatePrompt, relateSystem } from './relate-prompts';
import type { RelationLabel } from './relation-labels';

/** One source note to classify, with its neighbours and the notes they are. */
export interface ClassificationJob {
  source: NoteSnapshot;
  neighbours: readonly Neighbour[];
  notes: ReadonlyMap<string, NoteSnapshot>;
  relations: readonly RelationLabel[];
  language?: string | undefined;
}

/** A piece of evidence the model gave for a dropped relation, and why it did not verify. */
export type DroppedEvidence = CitationCandidate & { reason: string };

/** The edges the model typed for one source, and the evidence of relations that were dropped. */
export interface Classification {
  edges: RelatedEdge[];
  /** Relations the model proposed for known candidates. */
  proposed: number;
  dropped: DroppedEvidence[];
}

const PROMPT_SHARE = 0.9;
const MAX_RATIONALE_LENGTH = 500;

/**
 * Types the relationships of one source with one model call over the source and all its
 * neighbours (seed 002 §5.4: batches keyed by source). A relation naming a note that is not one
 * of the neighbours is dropped (`citation_invalid`); its evidence is verified against the source
 * and that note only, and a relation left without verified evidence is dropped
 * (`ungrounded_dropped`). No call for a source without neighbours.
 */
export async function classifyWithModel(context: OperationContext, session: AiSession, job: ClassificationJob): Promise<Classification> {
  if (job.neighbours.length === 0) return { edges: [], proposed: 0, dropped: [] };
  const system = relateSystem(job.language, job.relations);
  const candidates = job.neighbours.map((neighbour) => job.notes.get(neighbour.path)).filter((note): note is NoteSnapshot => note !== undefined);
  const content = buildRelatePrompt(job.source, candidates, Math.floor(session.maxInputTokens * PROMPT_SHARE) - estimateTokens(system));
  const reply = await session.chat({ system, messages: [{ role: 'user', content }], json_schema: relateJsonSchema(job.relations), schema_name: 'relations' });
  const proposals = readModelReply(reply, relateReplySchema(job.relations), { operation: 'ai_relate', provider: context.ai.chat?.provider }).relations;
  const result: Classification = { edges: [], proposed: 0, dropped: [] };
  const unknown: string[] = [];
  const ungrounded: string[] = [];
  for (const proposal of proposals) {
    const neighbour = neighbourOf(job.neighbours, proposal.dst_path);
    if (neighbour === undefined) unknown.push(proposal.dst_path);
    if (neighbour === undefined || result.edges.some((edge) => edge.dst_path === neighbour.path)) continue;
    result.proposed += 1;
    const grounded = await groundProposal(context, session, job, neighbour, proposal);
    if (!Array.isArray(grounded)) result.edges.push(grounded);
    else {
      ungrounded.push(neighbour.path);
      result.dropped.push(...grounded);
    }
  }
  reportDropped(session, job.source.path, unknown, ungrounded);
  return result;
}

type Proposal = z.output<ReturnType<typeof relateReplySchema>>['relations'][number];

/** The edge of one proposed relation, its evidence verified against the source and that note; null when none verifies. */
/** The edge of a proposal whose evidence verified, or why each piece of its evidence was dropped. */
async function groundProposal(context: OperationContext, session: AiSession, job: ClassificationJob, neighbour: Neighbour, proposal: Proposal): Promise<RelatedEdge | DroppedEvidence[]> {
  const verified = await verifyCitations(context, proposal.evidence, [job.source, job.notes.get(neighbour.path) as NoteSnapshot]);
  verified.warnings.forEach((warning) => session.warn(warning));
  if (verified.citations.length === 0) return verified.dropped.map(({ candidate, reason }) => ({ ...candidate, reason }));
  verified.citations.forEach((citation) => session.emit({ type: 'ai.citation', citation }));
  const rationale = toOneLine(proposal.rationale ?? '').slice(0, MAX_RATIONALE_LENGTH);
  return { src_path: job.source.path, dst_path: neighbour.path, similarity: neighbour.similarity, relation: proposal.relation, confidence: proposal.confidence, ...(rationale === '' ? {} : { rationale }), evidence: verified.citations };
}

function neighbourOf(neighbours: readonly Neighbour[], path: string): Neighbour | undefined {
  return neighbours.find((neighbour) => neighbour.path === path) ?? neighbours.find((neighbour) => neighbour.path === `${path}.md`);
}

function reportDropped(session: AiSession, source: string, unknown: readonly string[], ungrounded: readonly string[]): void {
  if (unknown.length > 0) session.warn({ code: 'citation_invalid', path: source, message: `The model related "${source}" to ${unknown.length} note(s) it was not given as candidates; those relations were dropped.`, details: { paths: [...unknown] } });
  if (ungrounded.length > 0) session.warn(ungroundedDroppedWarning({ path: source, message: `${ungrounded.length} relation(s) of "${source}" had no evidence that verified against the notes and were dropped.`, details: { paths: [...ungrounded] } }));
}
