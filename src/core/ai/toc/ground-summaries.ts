import type { OperationContext } from '../../ops/operation-context';
import type { AiWarning, Citation } from '../ai-schemas';
import type { CitationCandidate } from '../grounding/citation-candidate';
import { verifyCitations } from '../grounding/verify-citations';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { toOneLine } from './to-one-line';

/** A one-line summary of a note and the citation it rests on. */
export interface GroundedSummary {
  summary: string;
  citation: Citation;
}

/** Summaries that survived verification (by note path), the warnings, and what was proposed. */
export interface SummaryGrounding {
  byPath: Map<string, GroundedSummary>;
  warnings: AiWarning[];
  proposed: CitationCandidate[];
}

/**
 * Keeps each summary the model wrote only where it cites a line of its own note, one of
 * `notes`, unchanged since it was read (`verifyCitations`; failures give `citation_invalid` or
 * `citation_drift`). The first summary of a note counts; empty ones are ignored.
 */
export async function groundSummaries(context: OperationContext, proposed: readonly { path: string; summary: string; line?: number | null | undefined }[], notes: readonly NoteSnapshot[]): Promise<SummaryGrounding> {
  const texts = new Map<string, string>();
  const candidates: CitationCandidate[] = [];
  for (const entry of proposed) {
    const summary = toOneLine(entry.summary);
    if (summary === '' || texts.has(entry.path)) continue;
    texts.set(entry.path, summary);
    candidates.push({ path: entry.path, ...(typeof entry.line === 'number' ? { line: entry.line } : {}) });
  }
  const verified = await verifyCitations(context, candidates, notes);
  const byPath = new Map<string, GroundedSummary>();
  for (const citation of verified.citations) {
    const summary = texts.get(citation.path) ?? texts.get(citation.path.replace(/\.md$/, ''));
    if (summary !== undefined) byPath.set(citation.path, { summary, citation });
  }
  return { byPath, warnings: verified.warnings, proposed: candidates };
}
