import { readModelReply } from '../chat/read-model-reply';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { AiSession } from '../runtime/run-ai-call';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { buildMocPrompt } from './build-moc-prompt';
import type { MocGroup } from './moc-group';
import { mocJsonSchema, mocReplySchema, type MocReply } from './moc-model-schema';
import { mocSystem } from './toc-prompts';

/** What one MOC model call is about. */
export interface MocQuestion {
  notes: readonly NoteSnapshot[];
  /** The deterministic groups (their titles are asked for); null: the model clusters by topic. */
  groups: readonly MocGroup[] | null;
  maxGroups: number;
  summaries: boolean;
  language?: string | undefined;
  /** The provider answering (named in an invalid-reply error). */
  provider: string | undefined;
}

/** Share of the input limit the notes may fill, leaving room for the reply's framing. */
const PROMPT_SHARE = 0.9;

/**
 * Asks the chat model once for a Map of Content: titles for the given groups (only those whose
 * title is not fixed) or topic clusters, and, when asked, a cited one-line summary per note. The
 * notes' text is sent only when clustering or summarizing needs it; otherwise their paths and
 * headings. A reply not matching the schema is `ai_provider_error`.
 */
export async function askMocModel(session: AiSession, question: MocQuestion): Promise<MocReply> {
  const clusters = question.groups === null;
  const system = mocSystem(question.language, clusters, question.summaries);
  const content = buildMocPrompt({
    notes: question.notes,
    groups: question.groups?.filter((group) => group.title === undefined) ?? null,
    maxGroups: question.maxGroups,
    withText: clusters || question.summaries,
    budget: Math.floor(session.maxInputTokens * PROMPT_SHARE) - estimateTokens(system),
  });
  const reply = await session.chat({ system, messages: [{ role: 'user', content }], json_schema: mocJsonSchema({ clusters, summaries: question.summaries }), schema_name: 'map_of_content' });
  return readModelReply(reply, mocReplySchema, { operation: 'ai_toc', provider: question.provider });
}
