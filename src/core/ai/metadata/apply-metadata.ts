import type { OperationContext } from '../../ops/operation-context';
import { applyFrontmatterChanges } from '../apply/apply-frontmatter-changes';
import { changesThatChange, proposedFrontmatterPatch } from '../apply/proposed-frontmatter-patch';
import type { AiApplySession } from '../runtime/run-ai-call';
import type { MetadataInput } from './metadata-input-schema';
import { ownValue } from './own-value';
import type { ProposedPatch } from '../ai-schemas';
import { planMetadataChanges, type SkippedField } from './plan-metadata-changes';
import type { MetadataProduct } from './produce-metadata';

/**
 * ai_metadata's apply step (run on fresh and cached results alike). With `apply: true` each note
 * is written through the shared apply pipeline, its changes computed from the frontmatter as it is
 * at the moment of the write; without it, the same changes against the frontmatter the values
 * were read from come back as draft note_patch calls pinned to that etag.
 */
export async function applyMetadata(context: OperationContext, product: MetadataProduct, input: MetadataInput, session: AiApplySession): Promise<Pick<MetadataProduct, 'applied' | 'proposed_patches'>> {
  const mode = input.apply_mode ?? 'set_missing';
  if (input.apply !== true) return { proposed_patches: proposePatches(product, input) };
  const skipped = new Map<string, SkippedField[]>();
  const plans = product.results.map((result) => ({
    path: result.path,
    edit: (frontmatter: Record<string, unknown> | null) => {
      const planned = planMetadataChanges(result, frontmatter, input.fields, mode, product.rejected_keys[result.path] ?? []);
      skipped.set(result.path, planned.skipped);
      return planned.changes;
    },
  }));
  const written = await applyFrontmatterChanges(context, plans, { ifMatch: input.if_match, ifMatchMode: input.if_match_mode, session, op: 'ai_metadata' });
  return { applied: written.map((note) => ({ path: note.path, etag: note.etag, fields_set: note.changed, fields_skipped: skipped.get(note.path) ?? [] })) };
}

function proposePatches(product: MetadataProduct, input: MetadataInput): ProposedPatch[] {
  const mode = input.apply_mode ?? 'set_missing';
  return product.results.flatMap((result) => {
    const existing = existingOf(result);
    const planned = planMetadataChanges(result, existing, input.fields, mode, product.rejected_keys[result.path] ?? []);
    const changes = changesThatChange(planned.changes, (key) => ownValue(existing, key));
    if (changes.length === 0) return [];
    const keys = changes.map((change) => change.key).join(', ');
    return [proposedFrontmatterPatch(result.path, result.etag, changes, `Set ${keys} from the note's content (ai_metadata, apply_mode ${mode}).`)];
  });
}

/** The frontmatter values the result was read against, for the requested keys. */
function existingOf(result: MetadataProduct['results'][number]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(result.fields).flatMap(([key, field]) => (field.existing === undefined ? [] : [[key, field.existing]])));
}
