import type { FrontmatterChange } from '../apply/apply-plan';
import { planValueChange } from '../apply/plan-value-change';
import { LIST_KEYS } from '../apply/to-obsidian-list-shape';
import { ownValue } from './own-value';
import type { MetadataFieldSpec } from './metadata-field-spec';
import type { MetadataApplyMode } from './metadata-apply-mode';
import type { MetadataResult } from './metadata-output-schema';

/** A key an apply leaves alone, and why. */
export interface SkippedField {
  key: string;
  reason: 'existing_under_set_missing' | 'validation_failed';
}

/** The frontmatter changes for one note and the keys skipped. */
export interface MetadataChanges {
  changes: FrontmatterChange[];
  skipped: SkippedField[];
}

/**
 * Works out what to write to one note's `frontmatter` (as it is now) from its result, per
 * `mode` (seed 002 §5.6): `set_missing` writes only keys that are absent or empty and skips the
 * others as `existing_under_set_missing`; `overwrite` writes every value; `merge` dedupe-unions
 * list fields (and tags/aliases/cssclasses) with the current list and treats scalars like
 * `set_missing`. Keys whose model value failed validation are skipped as `validation_failed`;
 * keys without a value are left alone.
 */
export function planMetadataChanges(result: MetadataResult, frontmatter: Record<string, unknown> | null, specs: readonly MetadataFieldSpec[], mode: MetadataApplyMode, rejected: readonly string[]): MetadataChanges {
  const planned: MetadataChanges = { changes: [], skipped: [] };
  for (const spec of specs) {
    if (rejected.includes(spec.key)) planned.skipped.push({ key: spec.key, reason: 'validation_failed' });
    const field = ownValue(result.fields, spec.key) as MetadataResult['fields'][string] | undefined;
    const value = field?.value ?? null;
    if (value !== null) planField(planned, spec, value, ownValue(frontmatter, spec.key), mode);
  }
  return planned;
}

// Only list fields (and tags/aliases/cssclasses, merged as lists whatever their declared type) merge.
function planField(planned: MetadataChanges, spec: MetadataFieldSpec, value: unknown, current: unknown, mode: MetadataApplyMode): void {
  const changes = planValueChange(spec.key, value, current, mode === 'merge' && !isListField(spec) ? 'set_missing' : mode);
  if (changes.length === 0) planned.skipped.push({ key: spec.key, reason: 'existing_under_set_missing' });
  else planned.changes.push(...changes);
}

function isListField(spec: MetadataFieldSpec): boolean {
  return spec.type === 'list' || LIST_KEYS.has(spec.key);
}
