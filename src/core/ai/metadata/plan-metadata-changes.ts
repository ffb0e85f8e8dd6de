import type { FrontmatterChange } from '../apply/apply-plan';
import { isMissingValue } from './is-missing-value';
import { ownValue } from './own-value';
import type { MetadataFieldSpec } from './metadata-field-spec';
import type { MetadataApplyMode } from './metadata-apply-mode';
import type { MetadataResult } from './metadata-output-schema';
import { unionLists } from './union-lists';

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

/** The default properties Obsidian reads as lists, merged as lists whatever their declared type. */
const LIST_KEYS: ReadonlySet<string> = new Set(['tags', 'aliases', 'cssclasses']);

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

function planField(planned: MetadataChanges, spec: MetadataFieldSpec, value: unknown, current: unknown, mode: MetadataApplyMode): void {
  if (mode === 'overwrite' || isMissingValue(current)) {
    planned.changes.push({ key: spec.key, value });
    return;
  }
  if (mode === 'merge' && isListField(spec) && Array.isArray(value)) {
    planned.changes.push({ key: spec.key, value: unionLists(current, value) });
    return;
  }
  planned.skipped.push({ key: spec.key, reason: 'existing_under_set_missing' });
}

function isListField(spec: MetadataFieldSpec): boolean {
  return spec.type === 'list' || LIST_KEYS.has(spec.key);
}
