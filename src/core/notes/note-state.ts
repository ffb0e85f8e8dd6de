import { buildOutline } from '../markdown/outline';
import { parseMetadata } from '../metadata/parse-metadata';
import type { CachedMetadata } from '../metadata/types';
import type { VaultHost } from '../vault/vault-host';
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
 * Builds the read-after-write view of a note from the text just written, with `cache` parsed
 * from that very text (Obsidian's cache updates asynchronously, so it cannot serve here).
 */
export function toNoteState(path: string, text: string, etag: string, cache: CachedMetadata = parseMetadata(text)): NoteState {
  return { path, etag, frontmatter: cache.frontmatter ?? null, outline: buildOutline(cache.headings), body: bodyOf(text, cache) };
}

/** `toNoteState` for a note just written through `host`: its metadata comes from the host when it has it for this text (see `VaultHost.metadataOf`). */
export function writtenNoteState(host: VaultHost, path: string, text: string, etag: string): NoteState {
  return toNoteState(path, text, etag, host.metadataOf?.(path, text) ?? parseMetadata(text));
}

