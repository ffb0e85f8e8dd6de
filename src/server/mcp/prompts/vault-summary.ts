import * as z from 'zod';
import type { Caller, Engine } from '../../../core/engine';
import { listRecentNotes } from '../resources/recent-notes';
import { parsePromptArguments } from './prompt-arguments';
import type { PromptDefinition } from './prompt-definition';
import { plural } from './plural';
import { userMessage } from './user-message';
import { fetchStatus, fetchTopTags, formatTags } from './vault-facts';

const ARGUMENTS = z.strictObject({});
const TOP_TAGS = 10;
const RECENT = 10;

/** `vault_summary`: summarize the vault from its counts, recent activity and top tags. */
export const vaultSummaryPrompt: PromptDefinition = {
  name: 'vault_summary',
  title: 'Summarize the vault',
  description: 'Summarize the vault state: counts, link health, recent activity and top tags, with the facts fetched from the vault.',
  arguments: ARGUMENTS,
  tools: ['vault_status', 'note_list', 'note_read', 'tag_list', 'tag_notes', 'link_orphans', 'link_unresolved'],
  async messages(args, engine, caller) {
    parsePromptArguments('vault_summary', ARGUMENTS, args);
    return [userMessage(await summaryLines(engine, caller))];
  },
};

async function summaryLines(engine: Engine, caller: Caller): Promise<string[]> {
  const status = await fetchStatus(engine, caller);
  const { total: orphans } = (await engine.call('link_orphans', { limit: 1 }, caller)).output as { total: number };
  const recent = await listRecentNotes(engine, caller, RECENT);
  return [
    `Summarize the state of the vault "${status.name}".`,
    '',
    'Facts fetched from the vault just now:',
    `- ${plural(status.notes, 'note')}, ${plural(status.canvases, 'canvas', 'canvases')}, ${plural(status.bases, 'base')} and ${plural(status.attachments, 'attachment')} (${plural(status.files, 'file')}) in ${plural(status.folders, 'folder')}.`,
    `- Links: ${status.links.resolved} resolved, ${status.links.unresolved} unresolved; ${plural(orphans, 'orphan note')} (no links in or out).`,
    `- Top tags: ${formatTags(await fetchTopTags(engine, caller, TOP_TAGS))}.`,
    `- Most recently modified notes, newest first:`,
    ...(recent.length === 0 ? ['  - none'] : recent.map((note) => `  - ${note.path} (${note.modified_at_iso})`)),
    '',
    'Write a short summary: what the vault is about (judge from folders, tags and recent notes), how healthy its links are, and what changed recently.',
    'Read a note with note_read only where these facts are not enough. Do not change any note.',
  ];
}
