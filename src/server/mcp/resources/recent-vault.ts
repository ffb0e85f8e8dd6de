import { jsonContent } from './json-content';
import { listRecentNotes } from './recent-notes';
import type { ResourceProvider } from './resource-provider';

/** How many notes `recent://vault` lists. */
export const RECENT_LIMIT = 50;

/**
 * `recent://vault`: the 50 most recently modified notes (markdown only), newest first, ties by
 * path; each with title, folder, tags, `mtime` (ms since epoch) and `modified_at_iso` (UTC).
 */
export const recentVaultResource: ResourceProvider = {
  name: 'vault_recent',
  title: 'Recently modified notes',
  description: 'The 50 most recently modified notes, newest first: path, title, folder, tags, mtime (ms since epoch) and modified_at_iso (UTC).',
  mimeType: 'application/json',
  uri: 'recent://vault',
  async read(uri, _variables, engine, caller) {
    return jsonContent(uri, await listRecentNotes(engine, caller, RECENT_LIMIT));
  },
};
