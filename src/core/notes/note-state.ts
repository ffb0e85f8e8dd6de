import { buildOutline } from '../markdown/outline';
import { parseMetadata } from '../metadata/parse-metadata';
import type { CachedMetadata } from '../metadata/types';
import { bodyOf } from './split-body';

/** What every note write returns: the note as now on disk (read-after-write). */
export interface NoteState {
  path: string;
  etag: string;
  frontmatter: Record<string, unknown> | null;
  outline: ReturnType<typeof buildOutline>;
  body: string;
}

/**
 * Builds the read-after-write view of a note from the text just written. The text is parsed
 * here rather than read from the host's cache, because Obsidian's cache updates asynchronously.
 */
export function toNoteState(path: string, text: string, etag: string, cache: CachedMetadata = parseMetadata(text)): NoteState {
  return { path, etag, frontmatter: cache.frontmatter ?? null, outline: buildOutline(cache.headings), body: bodyOf(text, cache) };
}
