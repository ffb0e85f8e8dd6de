import * as z from 'zod';
import { aiUsageSchema, aiWarningSchema, citationSchema, proposedPatchSchema, type Citation, type ProposedPatch } from '../ai-schemas';
import { RELATION_LABELS, type RelationLabel } from './relation-labels';

/** One relationship found (seed 002 §5.4 `RelatedEdge`). */
export const relatedEdgeSchema = z.object({
  src_path: z.string().describe('The source note.'),
  dst_path: z.string().describe('The related note.'),
  similarity: z.number().min(0).max(1).describe('0–1: cosine similarity of the embeddings, or the lexical score when found by words (the better of both in hybrid).'),
  relation: z.enum(RELATION_LABELS).optional().describe('The relationship type; absent when not classified.'),
  confidence: z.number().min(0).max(1).optional().describe('0–1, present when relation is.'),
  rationale: z.string().optional().describe('Why, in one or two sentences.'),
  evidence: z.array(citationSchema).describe('Verified citations supporting the edge (for an unclassified edge: where the related note matched).'),
});

/** A relationship. */
export interface RelatedEdge {
  src_path: string;
  dst_path: string;
  similarity: number;
  relation?: RelationLabel;
  confidence?: number;
  rationale?: string;
  evidence: Citation[];
}

/** The output of ai_relate (seed 002 §5.4 `RelateOutput`). */
export const relateOutputSchema = z.object({
  edges: z.array(relatedEdgeSchema).describe('Relationships, sorted by confidence, then similarity (both descending), then dst_path.'),
  proposed_patches: z.array(proposedPatchSchema).optional().describe('With propose_links: note_patch drafts linking sources to related notes they do not link yet. Never applied.'),
  scope_resolved: z.object({
    sources: z.array(z.string()).describe('Source notes, sorted.'),
    candidates_considered: z.number().int().min(0).describe('Distinct candidate notes the retrieval returned for the sources, before top_k.'),
  }).describe('The source notes and how many candidates were weighed.'),
  usage: aiUsageSchema,
  warnings: z.array(aiWarningSchema).describe('Non-fatal conditions (chat_unavailable, embeddings_unavailable, globs_excluded, citation_invalid…).'),
});

/** What the ai_relate producer computes (usage and warnings are added by runAiCall). */
export interface RelateResult {
  edges: RelatedEdge[];
  proposed_patches?: ProposedPatch[];
  scope_resolved: { sources: string[]; candidates_considered: number };
}
