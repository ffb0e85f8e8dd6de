import { compileGlob } from '../../notes/glob';
import { noteTags, tagMatches } from '../../notes/note-tags';
import type { VaultHost } from '../../vault/vault-host';
import type { LexicalIndex } from '../index/lexical-index';

/** The filters of a search, by note id (lexical hits) or by path (embedding hits). */
export interface NoteFilter {
  acceptNote: (noteId: number) => boolean;
  acceptPath: (path: string) => boolean;
}

/**
 * Compiles `path_glob` and `tag` (every tag must be on the note or nested below it) into a
 * filter, or null when there is none. Indexed notes are judged by the tags the index holds;
 * others by the host's metadata.
 */
export function createNoteFilter(index: LexicalIndex, host: VaultHost, pathGlob: string | undefined, tags: readonly string[] | undefined): NoteFilter | null {
  if ((pathGlob === undefined || pathGlob === '') && (tags ?? []).length === 0) return null;
  const matchesPath = compileGlob(pathGlob);
  const matchesTags = (noteTagList: readonly string[]): boolean => (tags ?? []).every((wanted) => noteTagList.some((tag) => tagMatches(tag, wanted)));
  const acceptNote = (noteId: number): boolean => matchesPath(index.notes.paths[noteId] ?? '') && matchesTags(index.notes.tags[noteId] ?? []);
  return {
    acceptNote,
    acceptPath: (path) => {
      const noteId = index.noteIdOf(path);
      if (noteId !== undefined) return acceptNote(noteId);
      const metadata = host.getMetadata(path);
      return matchesPath(path) && matchesTags(metadata === null ? [] : noteTags(metadata));
    },
  };
}
