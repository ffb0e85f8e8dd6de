import { IndxError } from '../../errors';
import type { OperationContext } from '../../ops/operation-context';
import { toNotePath } from '../../vault/paths';
import { createLinkPathChooser } from '../../links/link-path-chooser';
import type { Citation } from '../ai-schemas';
import { groundingFailedError } from '../grounding/grounding-failed-error';
import { ungroundedDroppedWarning } from '../grounding/ungrounded-dropped-warning';
import { runAiCall, type AiCallOutput, type AiSession } from '../runtime/run-ai-call';
import { readScopeNotes, type NoteSnapshot } from '../scope/read-scope-notes';
import { resolveAiScope } from '../scope/resolve-ai-scope';
import { scopeResolvedOf } from '../scope/scope-resolved-of';
import { askMocModel } from './ask-moc-model';
import { buildMoc } from './build-moc';
import { capGroups } from './cap-groups';
import type { GroundedSummary } from './ground-summaries';
import { groundSummaries } from './ground-summaries';
import { groupNotes, type DeterministicGrouping } from './group-notes';
import type { MocGroup } from './moc-group';
import type { MocReply } from './moc-model-schema';
import { titleGroups, type GroupBy } from './title-groups';
import type { MocTocInput } from './toc-input-schema';
import type { TocResult } from './toc-output-schema';
import { toTopicGroups } from './topic-groups';
import { writeTocNote } from './write-toc-note';

const DEFAULTS = { groupBy: 'topic', maxGroups: 12, maxPerGroup: 25, title: 'Map of Content' } as const;
const NO_REPLY: MocReply = { groups: [], summaries: [] };

/**
 * ai_toc in MOC mode (seed 002 §5.3): the scope's notes (less `exclude_paths` and the note being
 * written, which must not list itself) grouped by tag, folder or frontmatter value, or clustered by topic by
 * the model, each group titled by the model and capped (max_groups, max_per_group), each note
 * linked the way Obsidian would write the link, optionally with a cited one-line summary. With
 * `write`, the Map of Content is then written through note_write, also when it came from the
 * cache.
 */
export async function runMocToc(input: MocTocInput, context: OperationContext): Promise<AiCallOutput<TocResult>> {
  const groupBy = input.group_by ?? DEFAULTS.groupBy;
  const grouping = toGrouping(groupBy, input.group_by_key);
  const writePath = input.write === undefined ? null : toNotePath(input.write.path);
  const scope = await resolveAiScope(context, input.scope);
  const excluded = new Set(input.exclude_paths?.map(toNotePath));
  if (writePath !== null) excluded.add(writePath);
  const paths = scope.paths.filter((path) => !excluded.has(path));
  if (paths.length === 0) throw emptiedScopeError(writePath, [...excluded]);
  const notes = await readScopeNotes(context, paths);
  const write = input.write;
  return runAiCall<TocResult>(context, {
    op: 'toc',
    needs: 'chat',
    input,
    fingerprint: notes,
    warnings: scope.warnings,
    produce: (session) => produceMoc(context, session, { input, notes, groupBy, grouping, writePath }),
    ...(write === undefined ? {} : { apply: async (result, session) => ({ written: await writeTocNote(context, write, result.toc_markdown, session) }) }),
  });
}

/** The scope held no note but those left out: the write target and `exclude_paths`. */
function emptiedScopeError(writePath: string | null, excluded: string[]): IndxError {
  const named = excluded.slice(0, 5).map((path) => `"${path}"`).join(', ') + (excluded.length > 5 ? ` and ${excluded.length - 5} more` : '');
  return new IndxError('invalid_input', `The scope holds no note besides those left out (${named}: exclude_paths and the Map of Content being written). Choose a scope with other notes.`, { path: writePath, excluded });
}

function toGrouping(groupBy: GroupBy, key: string | undefined): DeterministicGrouping | null {
  if (groupBy === 'frontmatter') {
    if (key === undefined) throw new IndxError('invalid_input', 'group_by "frontmatter" needs group_by_key: the frontmatter property whose value groups the notes.', { field: 'group_by_key' });
    return { by: 'frontmatter', key };
  }
  if (key !== undefined) throw new IndxError('invalid_input', `group_by_key is used only with group_by "frontmatter" (group_by is "${groupBy}"). Drop it, or group by frontmatter.`, { field: 'group_by_key' });
  return groupBy === 'topic' ? null : { by: groupBy };
}

interface MocJob {
  input: MocTocInput;
  notes: NoteSnapshot[];
  groupBy: GroupBy;
  grouping: DeterministicGrouping | null;
  writePath: string | null;
}

async function produceMoc(context: OperationContext, session: AiSession, job: MocJob): Promise<TocResult> {
  const { input, notes } = job;
  const maxGroups = input.max_groups ?? DEFAULTS.maxGroups;
  const summaries = input.include_summaries === true;
  const preset = job.grouping === null ? null : capGroups(groupNotes(notes, job.grouping), maxGroups);
  const asks = preset === null || summaries || preset.some((group) => group.title === undefined);
  const reply = asks ? await askMocModel(session, { notes, groups: preset, maxGroups, summaries, language: input.language, provider: context.ai.chat?.provider }) : NO_REPLY;
  const groups = preset ?? topicsOf(session, reply, notes, maxGroups);
  const titles = new Map(reply.groups.flatMap((group) => (group.key === undefined ? [] : [[group.key, group.title] as const])));
  const grounded = summaries ? await groundSummaries(context, reply.summaries, notes) : null;
  grounded?.warnings.forEach((warning) => session.warn(warning));
  const chooseLinkPath = createLinkPathChooser(context.host);
  const moc = buildMoc({
    title: input.title ?? DEFAULTS.title,
    groups: titleGroups(groups, titles, job.groupBy),
    maxPerGroup: input.max_per_group ?? DEFAULTS.maxPerGroup,
    summaries: new Map([...(grounded?.byPath ?? new Map<string, GroundedSummary>())].map(([path, entry]) => [path, entry.summary])),
    linkPathOf: (path) => chooseLinkPath(path, job.writePath ?? ''),
  });
  return {
    toc_markdown: moc.markdown,
    toc_tree: moc.tree,
    scope_resolved: scopeResolvedOf(notes),
    citations: grounded === null ? [] : listedCitations(session, moc.listed, grounded),
  };
}

function topicsOf(session: AiSession, reply: MocReply, notes: readonly NoteSnapshot[], maxGroups: number): MocGroup[] {
  const topics = toTopicGroups(reply.groups, notes.map((note) => note.path));
  topics.warnings.forEach((warning) => session.warn(warning));
  return capGroups(topics.groups, maxGroups, topics.leftover);
}

/**
 * One citation per listed note that kept its summary, in listing order. Listed notes without
 * one are reported as `ungrounded_dropped`; when none kept one, the call fails with
 * `ai_grounding_failed`, as seed 002 §6 requires when no citation survives.
 */
function listedCitations(session: AiSession, listed: readonly string[], grounded: { byPath: ReadonlyMap<string, GroundedSummary>; proposed: readonly unknown[] }): Citation[] {
  const citations = listed.flatMap((path) => {
    const entry = grounded.byPath.get(path);
    return entry === undefined ? [] : [entry.citation];
  });
  const missing = listed.filter((path) => !grounded.byPath.has(path));
  if (citations.length === 0 && listed.length > 0) {
    throw groundingFailedError('No summary the model wrote could be tied to a line of its note, so the Map of Content is not returned with ungrounded summaries. Retry, or ask without include_summaries.', grounded.proposed);
  }
  if (missing.length > 0) session.warn(ungroundedDroppedWarning({ message: `${missing.length} listed note(s) got no grounded summary and are listed without one.`, details: { paths: missing.slice(0, 50), count: missing.length } }));
  citations.forEach((citation) => session.emit({ type: 'ai.citation', citation }));
  return citations;
}
