import { noteWrite } from '../../ops/notes/note-write';
import type { OperationContext } from '../../ops/operation-context';
import type { AiApplySession } from '../runtime/run-ai-call';
import type { z } from 'zod';
import type { tocWriteSchema } from './toc-input-schema';

/** Where a Map of Content is written. */
export type TocWrite = z.output<typeof tocWriteSchema>;

/**
 * Materializes a Map of Content through note_write itself (seed 002 §5.3: "the standard
 * core.notes.write pipeline"): an atomic create, or an atomic replace of the body (and of the
 * frontmatter when `write.frontmatter` is given; else the note's block is kept) under the
 * `if_match` etag check, audited as every note_write. `if_not_exists` on an existing note fails
 * with `already_exists`, a stale `if_match` with `etag_mismatch`; nothing is written then.
 */
export async function writeTocNote(context: OperationContext, write: TocWrite, markdown: string, session: AiApplySession): Promise<{ path: string; etag: string }> {
  const output = await noteWrite.run(
    {
      path: write.path,
      body: markdown,
      if_not_exists: write.if_not_exists ?? false,
      ...(write.frontmatter === undefined ? {} : { frontmatter: write.frontmatter }),
      ...(write.if_match === undefined ? {} : { if_match: write.if_match }),
    },
    context,
  );
  session.applied(output.path);
  return { path: output.path, etag: output.etag };
}
