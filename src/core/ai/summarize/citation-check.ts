import type { AiWarning, Citation } from '../ai-schemas';
import type { CitationCandidate } from '../grounding/citation-candidate';

/** What verifying a list of candidates gives: the kept citations, warnings about the rest, the dropped ones. */
export interface CitationCheck {
  citations: Citation[];
  warnings: AiWarning[];
  dropped: readonly unknown[];
}

/** Verifies candidates against the notes the model read (`verifyCitations` bound to a call's notes). */
export type VerifyCandidates = (candidates: CitationCandidate[]) => Promise<CitationCheck>;

/** What grounding a model reply needs: the bound verifier, and the provider named when the reply is invalid. */
export interface ReplyGrounding {
  verify: VerifyCandidates;
  /** The chat provider's name (`context.ai.chat?.provider`). */
  provider: string | undefined;
}
