import type { ParsedJson } from '../../helpers/fake-openai-server';
import { SURFACES, type OperationAddress, type Surface } from './call-surface';
import { factLineOf, headingLinesOf, notesInPrompt, promptTextOf, type PromptNote } from './prompt-notes';

// The acceptance matrix of issue 7: one row per AI operation (ai_toc twice, one per mode), each
// with a valid input over a scope of the harness vault (tests/helpers/ai-harness.ts AI_FILES) and
// a scripted model reply built from the request the fake provider received, citing only lines the
// prompt showed, so the reply passes grounding.

/** The note the citation_drift case rewrites while the model answers (every row cites it). */
export const DRIFT_PATH = 'Projects/Alpha.md';

/** The deny-globbed note: its text must never reach the provider. */
export const PRIVATE_PATH = 'Private/Diary.md';

/** What a row's call becomes once a cited note changed during generation. */
export type DriftOutcome =
  /** The result comes back without the drifted citation, warning citation_drift. */
  | 'warning'
  /** Nothing grounded survives: ai_grounding_failed, details.dropped naming the drift. */
  | 'grounding_failed';

/** One row of the matrix. */
export interface OperationCase extends OperationAddress {
  /** The row's name in test titles. */
  label: string;
  /** The notes the valid input covers (the first is {@link DRIFT_PATH}). */
  scope: readonly string[];
  /** A scope within `scope` that costs exactly one model call (the quota case needs that). */
  oneCallScope: readonly string[];
  /** A valid input over `paths` (the row's scope, or a variant of it). */
  input(paths: readonly string[]): Record<string, unknown>;
  /** A valid structured reply (the message content) for a chat request body. */
  reply(body: ParsedJson): unknown;
  drift: DriftOutcome;
  /**
   * The role ai_unavailable names without any provider: `chat`, or `embeddings` for ai_relate,
   * which runs on embeddings alone (heuristic labels, chat_unavailable) even when asked to classify.
   */
  requiredRole: 'chat' | 'embeddings';
  /** Whether a scope can hold {@link PRIVATE_PATH} (false: the op takes one note by path). */
  scoped: boolean;
}

const ALPHA_AND_BETA = [DRIFT_PATH, 'Projects/Beta.md'];

const pathsScope = (paths: readonly string[]) => ({ kind: 'paths', paths: [...paths] });

const citeFact = (note: PromptNote) => ({ path: note.path, line: factLineOf(note) });

/** The source note of an ai_relate prompt ("Source note:" comes before "Candidate notes:"). */
function relateNotes(body: ParsedJson): { source: PromptNote; candidates: PromptNote[] } {
  const [source, ...candidates] = notesInPrompt(body);
  if (source === undefined) throw new Error('ai_relate prompt without a source note');
  return { source, candidates };
}

/** The group keys a MOC prompt asks titles for (`- key "Projects": …`). */
function mocGroupKeys(body: ParsedJson): string[] {
  return [...promptTextOf(body).matchAll(/^- key ("(?:[^"\\]|\\.)*"):/gm)].map((match) => JSON.parse(match[1] ?? '""') as string);
}

/** The field keys an ai_metadata request schema asks for. */
function metadataKeys(body: ParsedJson): string[] {
  const schema = (body as { response_format?: { json_schema?: { schema?: { properties?: { fields?: { properties?: object } } } } } }).response_format?.json_schema?.schema;
  return Object.keys(schema?.properties?.fields?.properties ?? {});
}

const summarize: OperationCase = {
  label: 'ai_summarize',
  tool: 'ai_summarize',
  route: '/v1/ai/summarize',
  scope: ALPHA_AND_BETA,
  oneCallScope: ALPHA_AND_BETA,
  input: (paths) => ({ scope: pathsScope(paths), include: ['tldr', 'key_points'] }),
  reply(body) {
    const notes = notesInPrompt(body);
    return {
      tldr: 'Two project notes.',
      text: 'Each note states one fact.',
      key_points: notes.map((note) => ({ text: `${note.path} states a fact.`, citations: [citeFact(note)] })),
      citations: notes.map(citeFact),
    };
  },
  drift: 'warning',
  requiredRole: 'chat',
  scoped: true,
};

const ask: OperationCase = {
  label: 'ai_ask',
  tool: 'ai_ask',
  route: '/v1/ai/ask',
  scope: ALPHA_AND_BETA,
  oneCallScope: ALPHA_AND_BETA,
  input: (paths) => ({ question: 'What does Alpha ship?', scope: pathsScope(paths), retrieve: { mode: 'lexical' } }),
  reply: (body) => ({ answer: 'Alpha ships the sync engine.', citations: notesInPrompt(body).map(citeFact), confidence: 'high', supported: true, followups: [] }),
  drift: 'warning',
  requiredRole: 'chat',
  scoped: true,
};

const tocNote: OperationCase = {
  label: 'ai_toc (note, include_descriptions)',
  tool: 'ai_toc',
  route: '/v1/ai/toc',
  scope: [DRIFT_PATH],
  oneCallScope: [DRIFT_PATH],
  input: (paths) => ({ mode: 'note', path: paths[0], include_descriptions: true }),
  reply: (body) => ({ descriptions: notesInPrompt(body).flatMap((note) => headingLinesOf(note).map((line) => ({ line, description: `Section at line ${line}.` }))) }),
  drift: 'grounding_failed',
  requiredRole: 'chat',
  scoped: false,
};

const tocMoc: OperationCase = {
  label: 'ai_toc (moc)',
  tool: 'ai_toc',
  route: '/v1/ai/toc',
  scope: ALPHA_AND_BETA,
  oneCallScope: ALPHA_AND_BETA,
  input: (paths) => ({ mode: 'moc', scope: pathsScope(paths), group_by: 'folder', include_summaries: true }),
  reply: (body) => ({
    groups: mocGroupKeys(body).map((key) => ({ key, title: `Notes of ${key}` })),
    summaries: notesInPrompt(body).map((note) => ({ path: note.path, summary: `What ${note.path} says.`, line: factLineOf(note) })),
  }),
  drift: 'warning',
  requiredRole: 'chat',
  scoped: true,
};

const relate: OperationCase = {
  label: 'ai_relate (classify)',
  tool: 'ai_relate',
  route: '/v1/ai/relate',
  scope: ALPHA_AND_BETA,
  oneCallScope: ALPHA_AND_BETA,
  input: (paths) => ({ source: { kind: 'path', path: paths[0] }, candidates: pathsScope(paths.slice(1)), classify: true, retrieve_mode: 'lexical' }),
  reply(body) {
    const { source, candidates } = relateNotes(body);
    return { relations: candidates.map((candidate) => ({ dst_path: candidate.path, relation: 'same_topic', confidence: 0.9, rationale: 'Both describe the project.', evidence: [citeFact(source)] })) };
  },
  drift: 'grounding_failed',
  requiredRole: 'embeddings',
  scoped: true,
};

const tag: OperationCase = {
  label: 'ai_tag',
  tool: 'ai_tag',
  route: '/v1/ai/tag',
  scope: ALPHA_AND_BETA,
  oneCallScope: ALPHA_AND_BETA,
  input: (paths) => ({ scope: pathsScope(paths) }),
  reply: (body) => ({ notes: notesInPrompt(body).map((note) => ({ path: note.path, tags: [{ tag: 'engineering', confidence: 0.9, rationale: 'A project note.', evidence: [citeFact(note)] }] })) }),
  drift: 'warning',
  requiredRole: 'chat',
  scoped: true,
};

const metadata: OperationCase = {
  label: 'ai_metadata',
  tool: 'ai_metadata',
  route: '/v1/ai/metadata',
  scope: ALPHA_AND_BETA,
  oneCallScope: [DRIFT_PATH],
  input: (paths) => ({ scope: pathsScope(paths), fields: [{ key: 'summary', type: 'string' }] }),
  reply(body) {
    const [note] = notesInPrompt(body);
    if (note === undefined) throw new Error('ai_metadata prompt without a note');
    const entry = { value: `About ${note.path}`, confidence: 0.9, rationale: 'Stated in the note.', evidence: [citeFact(note)] };
    return { fields: Object.fromEntries(metadataKeys(body).map((key) => [key, entry])) };
  },
  drift: 'warning',
  requiredRole: 'chat',
  scoped: true,
};

/** The JSON Schema ai_extract rows pass: one fact per note. */
export const FACT_SCHEMA = { type: 'object', properties: { fact: { type: 'string' } }, required: ['fact'], additionalProperties: false };

const extract: OperationCase = {
  label: 'ai_extract',
  tool: 'ai_extract',
  route: '/v1/ai/extract',
  scope: ALPHA_AND_BETA,
  oneCallScope: [DRIFT_PATH],
  input: (paths) => ({ scope: pathsScope(paths), schema: FACT_SCHEMA }),
  reply(body) {
    const [note] = notesInPrompt(body);
    if (note === undefined) throw new Error('ai_extract prompt without a note');
    return { data: { fact: note.lines.get(factLineOf(note)) ?? '' }, confidence: 0.8, citations: [citeFact(note)] };
  },
  drift: 'warning',
  requiredRole: 'chat',
  scoped: true,
};

/** Every row of the matrix: the seven operations, ai_toc in both modes. */
export const OPERATION_CASES: readonly OperationCase[] = [summarize, ask, tocNote, tocMoc, relate, tag, metadata, extract];

/** The ai_extract row, for the cases only it has (apply, audit). */
export const EXTRACT_CASE: OperationCase = extract;

/** One cell row of the matrix: an operation through one surface. */
export interface MatrixRow {
  label: string;
  surface: Surface;
  operation: OperationCase;
}

/** Every operation row through both surfaces, for `describe.each` ('$label over $surface'). */
export const MATRIX: readonly MatrixRow[] = OPERATION_CASES.flatMap((operation) => SURFACES.map((surface) => ({ label: operation.label, surface, operation })));
