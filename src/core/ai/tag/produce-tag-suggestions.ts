import type { OperationContext } from '../../ops/operation-context';
import { readModelReply } from '../chat/read-model-reply';
import { uniqueCitations } from '../grounding/unique-citations';
import type { AiSession } from '../runtime/run-ai-call';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { scopeResolvedOf } from '../scope/scope-resolved-of';
import { batchTagNotes, type TagBatch } from './batch-tag-notes';
import { groundTagSuggestions, type ScreenedNote } from './ground-tag-suggestions';
import { modelTagReplySchema, type ProposedTag } from './model-tag-reply';
import { screenProposedTags } from './screen-proposed-tags';
import { createTagJsonSchema } from './tag-json-schema';
import type { AiTagOutput } from './tag-output-schema';
import { allowedTagEnum } from './allowed-tag-enum';
import { tagRejection } from './tag-rejection';
import type { TagRules } from './tag-rules';
import { createTagSystemPrompt } from './tag-system-prompt';
import { createTagRequest } from './tag-user-message';
import type { TagVocabulary } from './tag-vocabulary';
import { splitVocabulary } from './split-vocabulary';

/** The part of an ai_tag result that is produced (and cached); the apply step adds the rest. */
export type TagSuggestions = Pick<AiTagOutput, 'suggestions' | 'scope_resolved' | 'vocabulary' | 'citations'>;

/** What one ai_tag call works on. */
export interface TagCall {
  notes: NoteSnapshot[];
  rules: TagRules;
  vocabulary: TagVocabulary;
  cite: boolean;
  language?: string;
}

/** Room left in the prompt for rounding and message framing, in tokens. */
const PROMPT_MARGIN_TOKENS = 32;

/**
 * Produces ai_tag's suggestions (seed 002 §5.5): the notes go to the model in batches that fit
 * the input budget, each note rendered with line numbers, under a JSON Schema that limits the
 * paths to the batch and the tags to the candidates (or to existing tags under allow_new false);
 * the vault's most used tags are shown as the preferred vocabulary. Each reply is validated
 * (`ai_provider_error` invalid_output otherwise), screened (tag_invalid, tag_below_threshold),
 * grounded (ungrounded_dropped, ai_grounding_failed) and capped at max_per_note.
 */
export async function produceTagSuggestions(context: OperationContext, session: AiSession, call: TagCall): Promise<TagSuggestions> {
  const system = createTagSystemPrompt({ cite: call.cite, ...(call.language === undefined ? {} : { language: call.language }) });
  // Under allow_new false the reply is limited to these tags anyway, so the model is shown them.
  const preferred = call.rules.useExisting || !call.rules.allowNew ? call.vocabulary.preferred.filter((entry) => tagRejection(entry.tag, call.rules, call.vocabulary) === null) : [];
  const request = (count: number) => createTagRequest({ rules: call.rules, vocabulary: preferred, noteCount: count });
  const budget = session.maxInputTokens - estimateTokens(system) - estimateTokens(request(call.notes.length)) - PROMPT_MARGIN_TOKENS;
  const screened: ScreenedNote[] = [];
  for (const batch of batchTagNotes(call.notes, budget, session.maxOutputTokens, call.rules.maxPerNote)) {
    const proposals = await askBatch(context, session, { call, batch, system, request: request(batch.notes.length) });
    for (const note of batch.notes) {
      const result = screenProposedTags(note.path, proposals.get(note.path) ?? [], call.rules, call.vocabulary);
      result.warnings.forEach((warning) => session.warn(warning));
      screened.push({ note, tags: result.tags });
    }
  }
  const grounded = await groundTagSuggestions(context, screened, call.cite);
  grounded.warnings.forEach((warning) => session.warn(warning));
  const suggestions = grounded.notes.map(({ note, tags }) => ({ path: note.path, etag: note.etag, tags: tags.slice(0, call.rules.maxPerNote) }));
  const split = splitVocabulary(suggestions, call.vocabulary.known);
  const citations = uniqueCitations(split.suggestions.flatMap((suggestion) => suggestion.tags.flatMap((tag) => tag.evidence)));
  return { suggestions: split.suggestions, scope_resolved: scopeResolvedOf(call.notes), vocabulary: split.vocabulary, citations };
}

interface BatchPrompt {
  call: TagCall;
  batch: TagBatch;
  system: string;
  request: string;
}

async function askBatch(context: OperationContext, session: AiSession, { call, batch, system, request }: BatchPrompt): Promise<Map<string, ProposedTag[]>> {
  const json_schema = createTagJsonSchema({ paths: batch.notes.map((note) => note.path), tagEnum: allowedTagEnum(call.rules, call.vocabulary), cite: call.cite });
  const reply = await session.chat({ system, messages: [{ role: 'user', content: `${request}\n\n${batch.text}` }], json_schema, schema_name: 'tag_suggestions' });
  const parsed = readModelReply(reply, modelTagReplySchema, { operation: 'ai_tag', provider: context.ai.chat?.provider });
  const byPath = new Map<string, ProposedTag[]>();
  for (const entry of parsed.notes) byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), ...entry.tags]);
  return byPath;
}
