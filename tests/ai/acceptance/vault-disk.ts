import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { AI_FILES, type AiHarness } from '../../helpers/ai-harness';

/** Reads a note of the harness vault from disk. */
export function readNote(harness: AiHarness, path: string): Promise<string> {
  return fs.readFile(join(harness.root, path), 'utf8');
}

/** Writes a note of the harness vault on disk, as another program would. */
export function writeNote(harness: AiHarness, path: string, text: string): Promise<void> {
  return fs.writeFile(join(harness.root, path), text);
}

/** Puts a note of the default harness vault back as AI_FILES has it (same bytes, so the same etag). */
export function restoreNote(harness: AiHarness, path: string): Promise<void> {
  return writeNote(harness, path, String(AI_FILES[path]));
}

/** The etag note_read reports for a note now. */
export async function etagOf(harness: AiHarness, path: string): Promise<string> {
  const result = await harness.callTool('note_read', { path });
  return (result.structuredContent as { etag: string }).etag;
}

/** The entries of the vault's audit log (`<root>/.indx/audit.log`, NDJSON) after flushing it. */
export async function auditEntries(harness: AiHarness): Promise<Record<string, unknown>[]> {
  await harness.served.vault.engine.audit.flush();
  const text = await fs.readFile(join(harness.root, '.indx', 'audit.log'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
