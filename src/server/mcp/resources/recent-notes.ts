import type { Caller, Engine } from '../../../core/engine';
import { compareCodeUnits } from '../../../core/ops/compare';
import { parentOf } from '../../../core/vault/paths';
import { listAllNotes, type NoteSummary } from './all-notes';

/** A recently modified note, as `recent://vault` lists it. */
export interface RecentNote {
  path: string;
  title: string;
  folder: string;
  tags: string[];
  mtime: number;
  modified_at_iso: string;
}

/** Notes newest first (ties by path), each with its folder and ISO modification time. */
export async function listRecentNotes(engine: Engine, caller: Caller, limit: number): Promise<RecentNote[]> {
  const notes = await listAllNotes(engine, caller);
  return sortNewestFirst(notes).slice(0, limit).map(toRecentNote);
}

/** `notes` ordered by modification time, newest first, then by path. */
export function sortNewestFirst<T extends { path: string; mtime: number }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => b.mtime - a.mtime || compareCodeUnits(a.path, b.path));
}

/** Adds the folder and ISO time to a `note_list` entry. */
export function toRecentNote(note: NoteSummary): RecentNote {
  return { path: note.path, title: note.title, folder: parentOf(note.path), tags: note.tags, mtime: note.mtime, modified_at_iso: new Date(note.mtime).toISOString() };
}
