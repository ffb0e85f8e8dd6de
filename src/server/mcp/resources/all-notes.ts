import type { Caller, Engine } from '../../../core/engine';

/** A note as `note_list` returns it. */
export interface NoteSummary {
  path: string;
  title: string;
  tags: string[];
  mtime: number;
  size: number;
}

interface NoteListPage {
  notes: NoteSummary[];
  next_cursor: string | null;
}

const PAGE_SIZE = 1000;

/**
 * Every markdown note (matching `pathGlob` when given), sorted by path, read page by page
 * through `note_list` as `caller`.
 */
export async function listAllNotes(engine: Engine, caller: Caller, pathGlob?: string): Promise<NoteSummary[]> {
  const notes: NoteSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = (await engine.call('note_list', { limit: PAGE_SIZE, ...(pathGlob === undefined ? {} : { path_glob: pathGlob }), ...(cursor === undefined ? {} : { cursor }) }, caller)).output as NoteListPage;
    notes.push(...page.notes);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return notes;
}
