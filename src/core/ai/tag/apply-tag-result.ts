import type { OperationContext } from '../../ops/operation-context';
import { nullWhenFrontmatterInvalid } from '../../markdown/null-when-frontmatter-invalid';
import { readFrontmatter } from '../../markdown/read-frontmatter';
import { applyFrontmatterChanges } from '../apply/apply-frontmatter-changes';
import type { ApplyPlan } from '../apply/apply-plan';
import { proposedFrontmatterPatch, type ProposedFrontmatterPatch } from '../apply/proposed-frontmatter-patch';
import type { AiApplySession } from '../runtime/run-ai-call';
import { computeTagWrite, type TagWrite } from './compute-tag-write';
import type { AiTagInput } from './tag-input-schema';
import type { AppliedTagWrite, TagSuggestion } from './tag-output-schema';

/** What the apply step of ai_tag adds to the suggestions: writes, or draft patches. */
export type TagApplyAdditions = { applied: AppliedTagWrite[] } | { proposed_patches: ProposedFrontmatterPatch[] };

/**
 * The apply step of ai_tag, run on fresh and cached suggestions alike. With `apply: true` it
 * writes each note's frontmatter `tags` (merge or replace, computed from the note as it is at
 * write time) through the shared apply path (seed 002 §5.8: path order, per-note atomic writes,
 * per-path if_match); a note without suggestions is left alone with apply_skipped_no_change.
 * Otherwise it drafts the note_patch call each note would need, pinned to the etag read.
 */
export async function applyTagResult(context: OperationContext, suggestions: readonly TagSuggestion[], input: AiTagInput, session: AiApplySession): Promise<TagApplyAdditions> {
  const namespace = input.vocabulary?.namespace ?? null;
  const request = (suggestion: TagSuggestion) => ({ suggested: suggestion.tags.map((tag) => tag.tag), mode: input.apply_mode ?? 'merge', namespace });
  if (input.apply !== true) return { proposed_patches: await draftPatches(context, suggestions, request) };
  const writes = new Map<string, TagWrite>();
  const plans: ApplyPlan[] = [];
  for (const suggestion of suggestions) {
    if (suggestion.tags.length === 0) session.warn({ code: 'apply_skipped_no_change', path: suggestion.path, message: `No tag was suggested for "${suggestion.path}"; it was left alone.`, details: { reason: 'no_suggestions' } });
    else plans.push({ path: suggestion.path, edit: (frontmatter) => tagChanges(writes, suggestion.path, computeTagWrite(frontmatter, request(suggestion))) });
  }
  const written = await applyFrontmatterChanges(context, plans, { session, op: 'ai_tag', ifMatchMode: input.if_match_mode ?? 'fail', ...(input.if_match === undefined ? {} : { ifMatch: input.if_match }) });
  return { applied: written.map((note) => ({ path: note.path, etag: note.etag, tags_added: writes.get(note.path)?.tags_added ?? [], tags_removed: writes.get(note.path)?.tags_removed ?? [] })) };
}

function tagChanges(writes: Map<string, TagWrite>, path: string, write: TagWrite | null): { key: string; value: unknown }[] {
  if (write === null) return [];
  writes.set(path, write);
  return [{ key: 'tags', value: write.value }];
}

async function draftPatches(context: OperationContext, suggestions: readonly TagSuggestion[], request: (suggestion: TagSuggestion) => Parameters<typeof computeTagWrite>[1]): Promise<ProposedFrontmatterPatch[]> {
  const patches: ProposedFrontmatterPatch[] = [];
  for (const suggestion of suggestions) {
    if (suggestion.tags.length === 0 || context.host.stat(suggestion.path) === null) continue;
    const text = await context.host.read(suggestion.path);
    // A note whose YAML does not parse gets no draft: note_patch would refuse it too.
    const frontmatter = nullWhenFrontmatterInvalid(() => ({ value: readFrontmatter(text) }));
    if (frontmatter === null) continue;
    const write = computeTagWrite(frontmatter.value, request(suggestion));
    if (write !== null) patches.push(proposedFrontmatterPatch(suggestion.path, suggestion.etag, [{ key: 'tags', value: write.value }], reasonOf(write)));
  }
  return patches;
}

function reasonOf(write: TagWrite): string {
  const added = write.tags_added.length === 0 ? '' : `add ${write.tags_added.join(', ')}`;
  const removed = write.tags_removed.length === 0 ? '' : `remove ${write.tags_removed.join(', ')}`;
  return `Suggested tags: ${[added, removed].filter((part) => part !== '').join('; ')}.`;
}
