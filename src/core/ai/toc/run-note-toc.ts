import { IndxError } from '../../errors';
import { buildOutline } from '../../markdown/build-outline';
import type { OperationContext } from '../../ops/operation-context';
import { requireFile } from '../../vault/mutate-file';
import { toNotePath } from '../../vault/paths';
import { createLinkPathChooser } from '../../links/link-path-chooser';
import { runAiCall, type AiCallOutput } from '../runtime/run-ai-call';
import { isAiAllowed } from '../scope/ai-path-filter';
import { readScopeNotes, type NoteSnapshot } from '../scope/read-scope-notes';
import { buildNoteToc } from './build-note-toc';
import { describeHeadings } from './describe-headings';
import { renderNoteToc } from './render-note-toc';
import type { NoteTocInput } from './toc-input-schema';
import type { TocResult } from './toc-output-schema';
import { tocNeedsModel } from './toc-needs-model';

const DEFAULT_DEPTH = 3;

/**
 * ai_toc in note mode (seed 002 §5.3): the note's outline down to `depth` as a nested list of
 * heading links. Without `include_descriptions` nothing is sent anywhere and no model is called,
 * so no provider is needed either (seed 002 §5.3): the call runs in every configuration, still
 * through `runAiCall`, audited and cached like every AI call. With descriptions, one model call
 * describes every listed section (`ai_unavailable` without a chat model); a note the AI globs
 * exclude then fails with `path_forbidden` (no text of it is sent).
 */
export async function runNoteToc(input: NoteTocInput, context: OperationContext): Promise<AiCallOutput<TocResult>> {
  const path = toNotePath(input.path);
  requireFile(context, path);
  const describe = input.include_descriptions === true;
  if (describe && !isAiAllowed(context.ai.settings, path)) {
    throw new IndxError('path_forbidden', `"${path}" is excluded from AI by the deny/allow globs (ai.deny_globs / ai.allow_globs), so its sections cannot be described. Ask without include_descriptions for its outline alone.`, { path });
  }
  const [note] = (await readScopeNotes(context, [path])) as [NoteSnapshot];
  const depth = input.depth ?? DEFAULT_DEPTH;
  const linkPath = input.include_links === false ? null : createLinkPathChooser(context.host)(path, '');
  return runAiCall<TocResult>(context, {
    op: 'toc',
    needs: tocNeedsModel(input) ? 'chat' : 'none',
    input,
    fingerprint: [note],
    async produce(session) {
      const listed = note.outline.filter((heading) => heading.level <= depth);
      const described = describe ? await describeHeadings(context, session, note, listed, input.language) : { byLine: new Map<number, string>(), citations: [] };
      const tree = buildNoteToc(buildOutline(note.metadata.headings), depth, described.byLine);
      return {
        toc_markdown: renderNoteToc(tree, { style: input.style ?? 'compact', linkPath }),
        toc_tree: tree,
        scope_resolved: { paths: [path], total_tokens: note.tokens },
        citations: described.citations,
      };
    },
  });
}
