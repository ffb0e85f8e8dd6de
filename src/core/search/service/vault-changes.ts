import { extensionOf } from '../../vault/paths';
import type { VaultEvent, VaultHost } from '../../vault/vault-host';
import type { LexicalIndex } from '../index/lexical-index';
import type { ChangeQueue } from './change-queue';

/** True for the files the search index covers: markdown notes (`.md`, case-sensitive as in Obsidian). */
export function isNotePath(path: string): boolean {
  return extensionOf(path) === 'md';
}

/**
 * Queues the index work a vault event implies: create, modify and metadata re-index the note;
 * delete drops it; rename drops the old path and indexes the new one. An event for a folder
 * (a path without extension that is no note) applies to every note below it, for hosts that
 * report a folder move or delete as one event.
 */
export function queueVaultEvent(queue: ChangeQueue, event: VaultEvent, host: VaultHost, index: LexicalIndex): void {
  if (event.type === 'rename') {
    forget(queue, event.oldPath, index);
    learn(queue, event.path, host);
  } else if (event.type === 'delete') forget(queue, event.path, index);
  else learn(queue, event.path, host);
}

/** Files compared between two calls of the pacer in {@link queueDifferences}. */
const COMPARED_PER_PAUSE = 256;

/**
 * Queues every note whose mtime or size differs from what the index holds, and every indexed
 * note the host no longer has; resolves with the notes already up to date. Calls `pause`
 * every few hundred files, so a 100k-note comparison never holds the thread in one piece.
 * Vault events that arrive meanwhile are queued as usual: a note queued twice is indexed once,
 * and one that vanished is dropped when its read fails.
 */
export async function queueDifferences(queue: ChangeQueue, host: VaultHost, index: LexicalIndex, pause: () => Promise<void>): Promise<string[]> {
  const seen = new Set<string>();
  const current: string[] = [];
  let compared = 0;
  for (const file of host.listFiles()) {
    if ((compared += 1) % COMPARED_PER_PAUSE === 0) await pause();
    if (!isNotePath(file.path)) continue;
    seen.add(file.path);
    const noteId = index.noteIdOf(file.path);
    if (noteId !== undefined && index.notes.mtimes[noteId] === file.stat.mtime && index.notes.sizes[noteId] === file.stat.size) current.push(file.path);
    else queue.add(file.path, 'upsert');
  }
  for (const path of index.notes.byPath.keys()) {
    if ((compared += 1) % COMPARED_PER_PAUSE === 0) await pause();
    if (!seen.has(path)) queue.add(path, 'remove');
  }
  queue.resetProgress(current.length);
  return current;
}

function learn(queue: ChangeQueue, path: string, host: VaultHost): void {
  if (isNotePath(path)) queue.add(path, 'upsert');
  else if (extensionOf(path) === '') for (const file of host.listFiles()) if (isNotePath(file.path) && file.path.startsWith(`${path}/`)) queue.add(file.path, 'upsert');
}

function forget(queue: ChangeQueue, path: string, index: LexicalIndex): void {
  if (isNotePath(path)) queue.add(path, 'remove');
  else if (extensionOf(path) === '') for (const indexed of index.notes.byPath.keys()) if (indexed.startsWith(`${path}/`)) queue.add(indexed, 'remove');
}
