import type { CachedMetadata } from '../../metadata/types';
import { noteTags } from '../../notes/note-tags';
import { basenameOf, parentOf } from '../../vault/paths';
import type { Chunk } from '../chunk';

/**
 * A note as the index takes it: identity, stat, tags, the texts of its note fields by field id
 * (title: file name and frontmatter `title`; aliases: `aliases`/`alias`; tags: each tag, nested
 * parts split by the tokeniser; path: the folder names) and its chunks.
 */
export interface NoteInput {
  path: string;
  tags: string[];
  mtime: number;
  size: number;
  fieldTexts: string[];
  chunks: readonly Chunk[];
}

/** Gathers what the index needs of a chunked note from its metadata and stat. */
export function toNoteInput(path: string, chunks: readonly Chunk[], metadata: CachedMetadata | null, stat: { mtime: number; size: number }): NoteInput {
  const frontmatter = metadata?.frontmatter ?? {};
  const tags = metadata === null ? [] : noteTags(metadata);
  const fieldTexts = [[basenameOf(path), ...stringsOf(frontmatter.title)], [...stringsOf(frontmatter.aliases), ...stringsOf(frontmatter.alias)], tags, [parentOf(path)]].map((values) => values.join('\n'));
  return { path, tags, mtime: stat.mtime, size: stat.size, fieldTexts, chunks };
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
