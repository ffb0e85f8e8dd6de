import * as z from 'zod';

/** Schema pieces shared by the AI operations (seed 002), each described for the model. */

/** The search modes an AI scope or retrieval may ask for. */
export const searchModeField = z.enum(['lexical', 'semantic', 'hybrid']);

/** Filters of a query scope or of `ai_ask` retrieval: the same as vault_search's. */
export const searchFiltersSchema = z
  .object({
    tag: z.array(z.string()).optional().describe('Has all tags.'),
    path_glob: z.string().optional().describe('Glob.'),
    min_score: z.number().min(0).max(1).optional().describe('Min score.'),
  })
  .strict()
  .describe('Filters.');

/** What an AI operation reads (seed 002 §4): explicit paths, a glob, a tag, a search, or a note and its links. */
export const aiScopeSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('paths'), paths: z.array(z.string().min(1)).min(1).max(500).describe('Paths.') }).strict(),
    z.object({ kind: z.literal('glob'), path_glob: z.string().min(1).describe('Glob.') }).strict(),
    z.object({ kind: z.literal('tag'), tag: z.string().min(1).describe('Tag (+nested).') }).strict(),
    z
      .object({
        kind: z.literal('query'),
        q: z.string().trim().min(1).max(2000).describe('Query.'),
        mode: searchModeField.optional().describe('Default hybrid.'),
        limit: z.number().int().min(1).max(100).optional().describe('Default 10.'),
        filters: searchFiltersSchema.optional().describe('Filters.'),
      })
      .strict(),
    z
      .object({
        kind: z.literal('note'),
        path: z.string().min(1).describe('Note.'),
        include_linked: z.number().int().min(0).max(3).optional().describe('Link hops.'),
      })
      .strict(),
  ])
  .describe('Notes to read.');

/** A scope as the operations receive it. */
export type AiScope = z.output<typeof aiScopeSchema>;

/** A verifiable reference to vault content (seed 002 §6). */
export const citationSchema = z.object({
  path: z.string().describe('Vault-relative path of the cited note.'),
  etag: z.string().describe('ETag of the revision the model read; compare with note_read to detect drift.'),
  anchor: z.string().optional().describe('Heading text or ^block-id the claim comes from.'),
  line: z.number().int().min(0).optional().describe('0-based line of the cited passage.'),
  span: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional().describe('[first line, last line], 0-based, inclusive.'),
  snippet: z.string().optional().describe('The cited text, shortened.'),
});

/** A citation. */
export type Citation = z.output<typeof citationSchema>;

/** Every non-fatal condition an AI operation reports (seed 002 §9), plus apply outcomes. */
export const AI_WARNING_CODES = [
  'embeddings_unavailable',
  'chat_unavailable',
  'ai_cache_hit',
  'citation_drift',
  'citation_invalid',
  'ungrounded_dropped',
  'truncated',
  'stream_unsupported',
  'globs_excluded',
  'unsupported_question',
  'tag_invalid',
  'tag_below_threshold',
  'metadata_invalid',
  'metadata_missing',
  'extract_invalid',
  'apply_skipped_no_change',
  'apply_failed',
  'index_building',
] as const;

/** A warning code. */
export type AiWarningCode = (typeof AI_WARNING_CODES)[number];

/** One warning: its code, a sentence, and where it applies. */
export const aiWarningSchema = z.object({
  code: z.enum(AI_WARNING_CODES).describe('What happened (seed 002 §9 lists them).'),
  message: z.string().describe('What happened and what to do.'),
  path: z.string().optional().describe('The note it concerns, when one.'),
  details: z.record(z.string(), z.unknown()).optional().describe('Specifics (dropped citations, excluded paths, failed keys…).'),
});

/** A warning. */
export type AiWarning = z.output<typeof aiWarningSchema>;

/** Tokens and best-effort cost of one call (all zero on a cache hit). */
export const aiUsageSchema = z.object({
  input_tokens: z.number().int().min(0).describe('Prompt tokens sent, summed over every model call.'),
  output_tokens: z.number().int().min(0).describe('Tokens generated, summed over every model call.'),
  cost_usd: z.number().min(0).describe('Best-effort cost in US dollars from the model\'s published rates (0 for local or unknown models).'),
  model_calls: z.number().int().min(0).describe('Requests sent to the chat model.'),
}).describe('Tokens, model calls and best-effort cost of this call (zero when served from the cache).');

/** Usage. */
export type AiUsage = z.output<typeof aiUsageSchema>;

/** The paths a scope resolved to and their estimated size. */
export const scopeResolvedSchema = z.object({
  paths: z.array(z.string()).describe('Notes read, sorted.'),
  total_tokens: z.number().int().min(0).describe('Estimated tokens of their text (about 4 characters each).'),
}).describe('The notes the scope resolved to (after the AI allow/deny globs) and their estimated size.');

/** A draft edit for note_patch, never applied by the runtime. */
export const proposedPatchSchema = z.object({
  path: z.string().describe('The note to patch.'),
  ops: z.array(z.record(z.string(), z.unknown())).describe('note_patch ops, ready to send.'),
  if_match: z.string().optional().describe('ETag of the revision the draft was made against.'),
  reason: z.string().describe('Why.'),
  related_to: z.array(z.string()).describe('Notes the change refers to.'),
});

/** A draft note_patch call (`proposed_patches` of the AI operations that draft writes). */
export type ProposedPatch = z.output<typeof proposedPatchSchema>;

/** Output styles of prose fields. */
export const styleField = z.enum(['neutral', 'bullets', 'executive', 'technical']).optional().describe('Default neutral.');

/** Output language. */
export const languageField = z.string().min(2).max(35).optional().describe('BCP 47.');

/** Per-call output cap. */
export const maxTokensField = z.number().int().min(1).max(100000).optional().describe('Token cap.');

/** Sampling seed. */
const seedField = z.number().int().min(0).optional().describe('Seed.');

/** Cache switch. */
const cacheField = z.boolean().optional().describe('Use cache.');

/** Cache lifetime override. */
const cacheTtlField = z.number().int().min(0).max(30 * 24 * 3600).optional().describe('Seconds.');

/** Citation switch. */
export const citeField = z.boolean().optional().describe('Drop uncited claims.');

/** Idempotency key of an AI call. */
const idempotencyKeyField = z.string().min(1).max(255).optional().describe('Idempotency key.');

/** Per-path preconditions of an apply. */
export const ifMatchMapField = z.record(z.string(), z.string().regex(/^[0-9a-f]{16}$/)).optional().describe('Path → etag.');

/** The input fields of an AI call that writes its result (`apply: true`): a read-only catalog leaves them out. */
export const APPLY_INPUTS = ['apply', 'apply_mode', 'if_match', 'if_match_mode'] as const;

/**
 * The input fields of an AI call that never change what it produces, only how it is delivered:
 * the cache switch and lifetime, the idempotency key, and `stream` (REST's; MCP streams through
 * progress notifications). Left out of the cache key and of the MCP catalog.
 */
export const DELIVERY_INPUTS = ['cache', 'cache_ttl_seconds', 'idempotency_key', 'stream'] as const;

/** What an apply does when a path's if_match fails. */
export const ifMatchModeField = z.enum(['fail', 'skip']).optional().describe('Default fail.');

/**
 * The fields every AI call's input ends with, in this order: the sampling seed, the cache switch
 * and lifetime, and the idempotency key.
 */
export const aiCallFields = {
  seed: seedField,
  cache: cacheField,
  cache_ttl_seconds: cacheTtlField,
  idempotency_key: idempotencyKeyField,
};
