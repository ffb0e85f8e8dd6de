import type { OperationContext } from '../../ops/operation-context';
import { applyFrontmatterChanges } from '../apply/apply-frontmatter-changes';
import { changesThatChange, proposedFrontmatterPatch } from '../apply/proposed-frontmatter-patch';
import type { MetadataApplyMode } from '../metadata/metadata-apply-mode';
import { ownValue } from '../metadata/own-value';
import type { AiApplySession } from '../runtime/run-ai-call';
import type { ExtractInput } from './extract-input-schema';
import { planValueChange } from '../apply/plan-value-change';
import type { ExtractProduct } from './produce-extract';

/** The note frontmatter each result was read against, by path (for drafts). */
export type FrontmatterByPath = ReadonlyMap<string, Record<string, unknown> | null>;

/**
 * ai_extract's apply step (run on fresh and cached results alike). Only destination
 * "frontmatter" writes: with `apply: true` every note with data gets it under destination_key
 * through the shared apply pipeline (changes computed from the frontmatter at the moment of the
 * write); without it the same changes come back as draft note_patch calls. Destination "json"
 * adds nothing.
 */
export async function applyExtract(context: OperationContext, product: ExtractProduct, input: ExtractInput, session: AiApplySession, read: FrontmatterByPath): Promise<Pick<ExtractProduct, 'applied' | 'proposed_patches'>> {
  const key = input.destination_key;
  if (input.destination !== 'frontmatter' || key === undefined) return {};
  const mode = input.apply_mode ?? 'set_missing';
  const withData = product.results.filter((result) => result.data !== null);
  if (input.apply !== true) return { proposed_patches: withData.flatMap((result) => draft(result, key, ownValue(read.get(result.path), key), mode)) };
  const plans = withData.map((result) => ({ path: result.path, edit: (frontmatter: Record<string, unknown> | null) => planValueChange(key, result.data, ownValue(frontmatter, key), mode) }));
  const written = await applyFrontmatterChanges(context, plans, { ifMatch: input.if_match, ifMatchMode: input.if_match_mode, session, op: 'ai_extract' });
  return { applied: written.map((note) => ({ path: note.path, etag: note.etag, key })) };
}

function draft(result: ExtractProduct['results'][number], key: string, current: unknown, mode: MetadataApplyMode): NonNullable<ExtractProduct['proposed_patches']> {
  const changes = changesThatChange(planValueChange(key, result.data, current, mode), () => current);
  if (changes.length === 0) return [];
  return [proposedFrontmatterPatch(result.path, result.etag, changes, `Set ${key} to the data extracted from the note (ai_extract, apply_mode ${mode}).`)];
}
