import { listForwardLinks } from '../../notes/forward-links';
import type { OperationContext } from '../../ops/operation-context';
import { parentOf } from '../../vault/paths';
import type { CitationCandidate } from '../grounding/citation-candidate';
import { verifyCitations } from '../grounding/verify-citations';
import type { AiApplySession } from '../runtime/run-ai-call';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { Neighbour } from './find-neighbours';
import type { RelatedEdge } from './relate-output-schema';
import type { RelationLabel } from './relation-labels';

/** The edges of one source without the chat model. */
export interface HeuristicJob {
  source: NoteSnapshot;
  neighbours: readonly Neighbour[];
  notes: ReadonlyMap<string, NoteSnapshot>;
  /** Label what the heuristic can; false: leave every edge unclassified. */
  classify: boolean;
  relations: ReadonlySet<RelationLabel>;
}

/** Similarity from which two notes of one folder count as the same topic. */
export const SAME_TOPIC_SIMILARITY = 0.8;

/**
 * Edges of one source without a chat model, labelled by two deterministic rules only, each
 * checkable in the vault: `cites` (confidence 1) when the source links to the note (its
 * evidence: the link's line), `same_topic` (confidence = similarity) when both sit in the same
 * folder and their similarity reaches 0.8. A label not in `relations` is not given. Other
 * edges, and all when `classify` is false, stay unlabelled; their evidence is where the note
 * matched the search. Evidence is verified like every citation.
 */
export async function heuristicEdges(context: OperationContext, session: Pick<AiApplySession, 'warn'>, job: HeuristicJob): Promise<RelatedEdge[]> {
  const links = listForwardLinks(context.host, job.source.path, job.source.metadata);
  const edges: RelatedEdge[] = [];
  for (const neighbour of job.neighbours) {
    const label = job.classify ? labelOf(job, neighbour, links) : null;
    const evidence = label?.evidence ?? { path: neighbour.path, line: neighbour.line };
    const verified = await verifyCitations(context, [evidence], [job.source, job.notes.get(neighbour.path) as NoteSnapshot]);
    verified.warnings.forEach((warning) => session.warn(warning));
    const base = { src_path: job.source.path, dst_path: neighbour.path, similarity: neighbour.similarity, evidence: verified.citations };
    edges.push(label === null ? base : { ...base, relation: label.relation, confidence: label.confidence, rationale: label.rationale });
  }
  return edges;
}

interface Label {
  relation: RelationLabel;
  confidence: number;
  rationale: string;
  evidence: CitationCandidate;
}

function labelOf(job: HeuristicJob, neighbour: Neighbour, links: ReturnType<typeof listForwardLinks>): Label | null {
  const link = links.find((candidate) => candidate.target === neighbour.path);
  if (link !== undefined && job.relations.has('cites')) {
    return { relation: 'cites', confidence: 1, rationale: `"${job.source.path}" links to "${neighbour.path}"${link.line === null ? ' in its frontmatter' : ` on line ${link.line}`}.`, evidence: { path: job.source.path, ...(link.line === null ? {} : { line: link.line }) } };
  }
  if (parentOf(neighbour.path) === parentOf(job.source.path) && neighbour.similarity >= SAME_TOPIC_SIMILARITY && job.relations.has('same_topic')) {
    return { relation: 'same_topic', confidence: neighbour.similarity, rationale: `Same folder and similar content (similarity ${neighbour.similarity.toFixed(2)}).`, evidence: { path: neighbour.path, line: neighbour.line } };
  }
  return null;
}
