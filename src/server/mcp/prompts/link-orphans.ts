import * as z from 'zod';
import type { Caller, Engine } from '../../../core/engine';
import { listAllNotes } from '../resources/all-notes';
import { countArgument, parsePromptArguments } from './prompt-arguments';
import type { PromptDefinition } from './prompt-definition';
import { plural } from './plural';
import { userMessage } from './user-message';

const ARGUMENTS = z.strictObject({
  limit: countArgument(200, 'How many orphan notes to walk (1–200, default 20).'),
});
const DEFAULT_LIMIT = 20;

interface OrphansOutput {
  orphans: string[];
  total: number;
}

/** `link_orphans`: walk the orphan notes (listed with their tags) and propose links for each. */
export const linkOrphansPrompt: PromptDefinition = {
  name: 'link_orphans',
  title: 'Link orphan notes',
  description: 'Walk notes with no links in or out and propose links to related notes, with the orphans listed from the vault.',
  arguments: ARGUMENTS,
  tools: ['link_orphans', 'note_read', 'note_list', 'tag_notes', 'link_forward', 'link_backlinks', 'note_patch'],
  async messages(args, engine, caller) {
    const limit = parsePromptArguments('link_orphans', ARGUMENTS, args).limit ?? DEFAULT_LIMIT;
    const found = (await engine.call('link_orphans', { limit }, caller)).output as OrphansOutput;
    return [userMessage(await orphanLines(engine, caller, found))];
  },
};

async function orphanLines(engine: Engine, caller: Caller, found: OrphansOutput): Promise<string[]> {
  if (found.total === 0) return ['The vault has no orphan notes: every note links to or is linked from another file. Nothing to do.'];
  const tagsByPath = new Map((await listAllNotes(engine, caller)).map((note) => [note.path, note.tags]));
  const listed = found.orphans.map((path) => `- ${path}${formatTags(tagsByPath.get(path) ?? [])}`);
  return [
    `The vault has ${plural(found.total, 'orphan note')} (no links in or out); here ${found.orphans.length === found.total ? 'are all of them' : `are the first ${found.orphans.length}, by path`}:`,
    ...listed,
    '',
    'For each orphan: read it with note_read, find related notes (tag_notes for its tags, note_list for its folder or a path glob), and propose one to three links, each with a one-line reason and whether it goes from the orphan or to it.',
    'Present the proposals as a list. Apply one only when asked, with note_patch (append_body or insert_after_heading) passing the etag from note_read as if_match.',
  ];
}

function formatTags(tags: readonly string[]): string {
  return tags.length === 0 ? '' : ` (tags: ${tags.map((tag) => `#${tag}`).join(', ')})`;
}
