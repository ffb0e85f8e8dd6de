import type { Caller, Engine } from '../../../core/engine';
import { compareCodeUnits } from '../../../core/ops/compare';
import { extensionOf } from '../../../core/vault/paths';
import { requireReadScope } from './require-read-scope';

/** One value of a frontmatter field with the number of notes that carry it. */
export interface FieldValue {
  value: string;
  count: number;
}

/**
 * Every frontmatter field of the vault's notes with its values and note counts. Scalars
 * (string, number, boolean) and lists of scalars count, each distinct value once per note;
 * nested objects and nulls are skipped. The `tags` field is the vault tag index instead (inline
 * tags included, case-insensitive, as Obsidian counts them; notes with exactly the tag).
 * Fields are sorted by name; values most frequent first, then by value.
 */
export async function collectFieldValues(engine: Engine, caller: Caller): Promise<Map<string, FieldValue[]>> {
  requireReadScope(caller);
  const counts = new Map<string, Map<string, number>>();
  for (const file of engine.host.listFiles()) {
    if (extensionOf(file.path) !== 'md') continue;
    countFrontmatter(counts, engine.host.getMetadata(file.path)?.frontmatter ?? {});
  }
  counts.set('tags', await tagCounts(engine, caller));
  return new Map([...counts.entries()].sort(([a], [b]) => compareCodeUnits(a, b)).map(([field, values]) => [field, sortValues(values)]));
}

function countFrontmatter(counts: Map<string, Map<string, number>>, frontmatter: Record<string, unknown>): void {
  for (const [field, raw] of Object.entries(frontmatter)) {
    const values = new Set((Array.isArray(raw) ? raw : [raw]).filter(isScalar).map(String));
    if (values.size === 0) continue;
    const perField = counts.get(field) ?? new Map<string, number>();
    counts.set(field, perField);
    for (const value of values) perField.set(value, (perField.get(value) ?? 0) + 1);
  }
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

async function tagCounts(engine: Engine, caller: Caller): Promise<Map<string, number>> {
  const { tags } = (await engine.call('tag_list', {}, caller)).output as { tags: { tag: string; count: number }[] };
  return new Map(tags.filter((tag) => tag.count > 0).map((tag) => [tag.tag, tag.count]));
}

function sortValues(values: Map<string, number>): FieldValue[] {
  return [...values.entries()].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || compareCodeUnits(a.value, b.value));
}
