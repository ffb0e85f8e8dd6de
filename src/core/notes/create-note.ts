import type { OperationContext } from '../ops/operation-context';
import { recordMutation } from '../vault/mutate-file';
import { assertLinkableName } from '../vault/paths';
import { writtenNoteState, type NoteState } from './note-state';

/**
 * Creates the note `path` holding `text` for the operation `op`, audited, and returns it as
 * written. Fails with `already_exists` when a file is there, even one created a moment ago by
 * someone else: the host's create is atomic.
 */
export async function createNote(context: OperationContext, op: string, path: string, text: string): Promise<NoteState> {
  assertLinkableName(path);
  await context.host.create(path, text);
  const etag = context.etag(text);
  recordMutation(context, op, path, null, etag);
  return writtenNoteState(context.host, path, text, etag);
}
