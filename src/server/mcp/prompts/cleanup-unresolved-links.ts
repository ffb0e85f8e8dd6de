import * as z from 'zod';
import type { Caller, Engine } from '../../../core/engine';
import { listAllNotes } from '../resources/all-notes';
import { booleanArgument, parsePromptArguments } from './prompt-arguments';
import type { PromptDefinition } from './prompt-definition';
import { plural } from './plural';
import { findSimilarNotes } from './similar-note-names';
import { userMessage } from './user-message';

const ARGUMENTS = z.strictObject({
  dry_run: booleanArgument('When true (the default), only propose fixes; when false, apply them.'),
});
const SHOWN = 200;

interface UnresolvedOutput {
  unresolved: { source: string; link: string; count: number }[];
  total: number;
}

/**
 * `cleanup_unresolved_links`: the vault's broken links with their source notes and existing
 * notes of similar names, and instructions to propose (dry run, the default) or apply fixes.
 */
export const cleanupUnresolvedLinksPrompt: PromptDefinition = {
  name: 'cleanup_unresolved_links',
  title: 'Fix broken links',
  description: 'Find broken [[…]] links, listed with their source notes and similarly named notes, and propose fixes (dry_run, default) or apply them.',
  arguments: ARGUMENTS,
  tools: ['link_unresolved', 'note_read', 'note_list', 'note_exists', 'link_forward', 'note_write', 'note_patch'],
  async messages(args, engine, caller) {
    const dryRun = parsePromptArguments('cleanup_unresolved_links', ARGUMENTS, args).dry_run ?? true;
    const found = (await engine.call('link_unresolved', { limit: SHOWN }, caller)).output as UnresolvedOutput;
    return [userMessage(found.total === 0 ? ['The vault has no unresolved links. Nothing to fix.'] : await cleanupLines(engine, caller, found, dryRun))];
  },
};

async function cleanupLines(engine: Engine, caller: Caller, found: UnresolvedOutput, dryRun: boolean): Promise<string[]> {
  const notes = (await listAllNotes(engine, caller)).map((note) => note.path);
  const listed = found.unresolved.map(({ source, link, count }) => {
    const similar = findSimilarNotes(link, notes);
    return `- [[${link}]] in ${source}${count > 1 ? ` (${count} times)` : ''}; similar notes: ${similar.length === 0 ? 'none' : similar.join(', ')}`;
  });
  return [
    `The vault has ${plural(found.total, 'broken link')} (source note, link target)${found.unresolved.length < found.total ? `; the first ${found.unresolved.length} by source path` : ''}:`,
    ...listed,
    '',
    'For each, decide the fix: point it at an existing note (a similar one above, or one found with note_list), create the missing note, or remove the link. Keep the display text and any #heading.',
    ...(dryRun ? dryRunLines() : applyLines()),
  ];
}

function dryRunLines(): string[] {
  return ['This is a dry run: list the proposed fix for each link with a one-line reason, and change no file.'];
}

function applyLines(): string[] {
  return [
    'Apply the fixes: read the source with note_read, rewrite the link and save with note_write passing the etag as if_match; create missing notes with note_write and if_not_exists: true.',
    'Finish with a list of what you changed, and of links you left alone and why.',
  ];
}
