import { noteTags } from '../../notes/note-tags';
import { compareCodeUnits } from '../../ops/compare';
import { parentOf } from '../../vault/paths';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { MocGroup } from './moc-group';

/** The deterministic ways of grouping a Map of Content. */
export type DeterministicGrouping = { by: 'tag' } | { by: 'folder' } | { by: 'frontmatter'; key: string };

/**
 * Groups notes by their first tag (frontmatter tags first, as Obsidian lists them; none:
 * "Untagged"), their parent folder, or the value of one frontmatter property (a list counts by
 * its first item; none: "No <key>"). Groups come sorted by key, the group of notes without a value last; each note is in exactly one.
 */
export function groupNotes(notes: readonly NoteSnapshot[], grouping: DeterministicGrouping): MocGroup[] {
  const groups = new Map<string, MocGroup>();
  for (const note of notes) {
    const value = valueOf(note, grouping);
    const id = value === null ? '\u0000none' : value;
    const group = groups.get(id) ?? { key: value ?? '', paths: [], ...(value === null ? { title: noneTitle(grouping), rank: 1 as const } : {}) };
    group.paths.push(note.path);
    groups.set(id, group);
  }
  return [...groups.values()].sort((left, right) => (left.rank ?? 0) - (right.rank ?? 0) || compareCodeUnits(left.key, right.key));
}

function valueOf(note: NoteSnapshot, grouping: DeterministicGrouping): string | null {
  if (grouping.by === 'folder') return parentOf(note.path);
  if (grouping.by === 'tag') return noteTags(note.metadata)[0] ?? null;
  return toGroupValue(note.frontmatter?.[grouping.key]);
}

function toGroupValue(value: unknown): string | null {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first === 'string') return first.trim() === '' ? null : first.trim();
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  return null;
}

function noneTitle(grouping: DeterministicGrouping): string {
  return grouping.by === 'frontmatter' ? `No ${grouping.key}` : 'Untagged';
}
