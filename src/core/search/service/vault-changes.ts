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

/**
 * Queues every note whose mtime or size differs from what the index holds, and every indexed
 * note the host no longer has; returns the notes already up to date.
 */
export function queueDifferences(queue: ChangeQueue, host: VaultHost, index: LexicalIndex): string[] {
  const seen = new Set<string>();
  const current: string[] = [];
  for (const file of host.listFiles()) {
    if (!isNotePath(file.path)) continue;
    seen.add(file.path);
    const noteId = index.noteIdOf(file.path);
    if (noteId !== undefined && index.notes.mtimes[noteId] === file.stat.mtime && index.notes.sizes[noteId] === file.stat.size) current.push(file.path);
    else queue.add(file.path, 'upsert');
  }
  for (const path of index.notes.byPath.keys()) if (!seen.has(path)) queue.add(path, 'remove');
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
