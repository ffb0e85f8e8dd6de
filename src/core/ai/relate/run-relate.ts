import { IndxError } from '../../errors';
import { listForwardLinks } from '../../notes/forward-links';
import type { OperationContext } from '../../ops/operation-context';
import { createLinkPathChooser } from '../../links/link-path-chooser';
import type { AiScope, AiWarning, ProposedPatch } from '../ai-schemas';
import { groundingFailedError } from '../grounding/grounding-failed-error';
import { runAiCall, type AiCallOutput, type AiSession } from '../runtime/run-ai-call';
import { readScopeNotes, type NoteSnapshot } from '../scope/read-scope-notes';
import { resolveAiScope } from '../scope/resolve-ai-scope';
import { classifyWithModel } from './classify-with-model';
import { draftLinkPatch } from './draft-link-patch';
import { heuristicEdges } from './heuristic-edges';
import type { RelateInput } from './relate-input-schema';
import type { RelatedEdge, RelateResult } from './relate-output-schema';
import { RELATION_LABELS, type RelationLabel } from './relation-labels';
import { retrieveNeighbours, type Retrieval } from './retrieve-neighbours';
import { sortEdges } from './sort-edges';

const DEFAULT_TOP_K = 10;
const MAX_SOURCES = 50;

/**
 * ai_relate (seed 002 §5.4): finds each source note's nearest notes through the search index
 * (`retrieveNeighbours`), then types the relationships with one chat call per source, or,
 * without a chat model, with a deterministic heuristic (`heuristicEdges`, warned as
 * `chat_unavailable`). Edges under `threshold` are dropped, the rest de-duplicated and sorted;
 * with `propose_links`, note_patch drafts link each source to the related notes it does not
 * link yet. Nothing is ever written.
 */
export async function runRelate(input: RelateInput, context: OperationContext): Promise<AiCallOutput<RelateResult>> {
  const sources = await resolveAiScope(context, toSourceScope(input.source));
  if (sources.paths.length > MAX_SOURCES) throw new IndxError('invalid_input', `ai_relate takes at most ${MAX_SOURCES} source notes (one model call each); the source selects ${sources.paths.length}. Narrow it.`, { count: sources.paths.length, limit: MAX_SOURCES });
  const pool = input.candidates === undefined ? null : await resolveAiScope(context, input.candidates);
  const sourceNotes = await readScopeNotes(context, sources.paths);
  const retrieval = await retrieveNeighbours(context, sourceNotes, { mode: input.retrieve_mode ?? 'hybrid', topK: input.top_k ?? DEFAULT_TOP_K, candidates: pool === null || input.candidates === undefined ? null : { scope: input.candidates, paths: pool.paths } });
  const notes = await readAll(context, sourceNotes, retrieval);
  return runAiCall<RelateResult>(context, {
    op: 'relate',
    needs: 'ai',
    input,
    fingerprint: [...notes.values()],
    warnings: [...sources.warnings, ...(pool?.warnings ?? []), ...retrieval.warnings],
    produce: (session) => produceRelate(context, session, { input, sourceNotes, retrieval, notes }),
  });
}

function toSourceScope(source: RelateInput['source']): AiScope {
  if (source.kind === 'path') return { kind: 'paths', paths: [source.path] };
  return source.kind === 'paths' ? { kind: 'paths', paths: source.paths } : source.scope;
}

async function readAll(context: OperationContext, sources: readonly NoteSnapshot[], retrieval: Retrieval): Promise<Map<string, NoteSnapshot>> {
  const notes = new Map(sources.map((note) => [note.path, note]));
  const others = [...new Set([...retrieval.bySource.values()].flat().map((neighbour) => neighbour.path))].filter((path) => !notes.has(path)).sort();
  for (const note of await readScopeNotes(context, others)) notes.set(note.path, note);
  return notes;
}

interface RelateJob {
  input: RelateInput;
  sourceNotes: NoteSnapshot[];
  retrieval: Retrieval;
  notes: Map<string, NoteSnapshot>;
}

async function produceRelate(context: OperationContext, session: AiSession, job: RelateJob): Promise<RelateResult> {
  const relations = job.input.relations ?? RELATION_LABELS;
  const useModel = job.input.classify !== false && context.ai.chat !== null;
  if (job.input.classify !== false && !useModel) session.warn(chatUnavailable(job.input.classify === true));
  const edges: RelatedEdge[] = [];
  let proposed = 0;
  const dropped: unknown[] = [];
  for (const source of job.sourceNotes) {
    const neighbours = job.retrieval.bySource.get(source.path) ?? [];
    if (useModel) {
      const classified = await classifyWithModel(context, session, { source, neighbours, notes: job.notes, relations, language: job.input.language });
      proposed += classified.proposed;
      dropped.push(...classified.dropped);
      edges.push(...classified.edges);
    } else {
      edges.push(...(await heuristicEdges(context, session, { source, neighbours, notes: job.notes, classify: job.input.classify !== false, relations: new Set(relations) })));
    }
  }
  if (useModel && proposed > 0 && edges.length === 0) throw groundingFailedError('None of the relationships the model proposed had evidence that verified against the notes, so none is returned. Retry, or use classify: false for the neighbours alone.', dropped);
  const kept = sortEdges(edges.filter((edge) => (edge.confidence ?? edge.similarity) >= (job.input.threshold ?? 0)));
  return {
    edges: kept,
    ...(job.input.propose_links === true ? { proposed_patches: proposeLinks(context, job, kept) } : {}),
    scope_resolved: { sources: job.sourceNotes.map((note) => note.path), candidates_considered: job.retrieval.considered },
  };
}

function chatUnavailable(asked: boolean): AiWarning {
  return {
    code: 'chat_unavailable',
    message: `${asked ? 'Classification was asked for, but n' : 'N'}o chat model is configured, so relationships were labelled by a deterministic heuristic only: "cites" where the source links to the note, "same_topic" for notes of the same folder with similarity of at least 0.8; other edges carry no relation.`,
  };
}

/** One draft per source that has related notes it does not link yet. */
function proposeLinks(context: OperationContext, job: RelateJob, edges: readonly RelatedEdge[]): ProposedPatch[] {
  const chooseLinkPath = createLinkPathChooser(context.host);
  return job.sourceNotes.flatMap((source) => {
    const linked = new Set(listForwardLinks(context.host, source.path, source.metadata).map((link) => link.target));
    const items = edges
      .filter((edge) => edge.src_path === source.path && !linked.has(edge.dst_path))
      .map((edge) => ({ path: edge.dst_path, linkPath: chooseLinkPath(edge.dst_path, source.path), label: labelOf(edge.relation) }));
    return items.length === 0 ? [] : [draftLinkPatch(source, items)];
  });
}

function labelOf(relation: RelationLabel | undefined): string {
  return relation === undefined ? 'related' : relation.replace(/_/g, ' ');
}
