import type { FrontmatterChange } from './apply-plan';
import { isMissingValue } from '../metadata/is-missing-value';
import type { MetadataApplyMode } from '../metadata/metadata-apply-mode';
import { unionLists } from '../metadata/union-lists';

/**
 * The change that puts `data` under `key`, given the key's current value, per `mode` (ai_extract
 * and ai_metadata): `set_missing` (default) writes only an absent or empty key; `overwrite`
 * always writes; `merge` unions an array with the current list by deep equality (other data as
 * `set_missing`). Returns no change when the key is kept as it is.
 */
export function planValueChange(key: string, data: unknown, current: unknown, mode: MetadataApplyMode): FrontmatterChange[] {
  if (mode === 'overwrite' || isMissingValue(current)) return [{ key, value: data }];
  if (mode === 'merge' && Array.isArray(data)) return [{ key, value: unionLists(current, data) }];
  return [];
}
