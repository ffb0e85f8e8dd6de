import type { Caller, Engine } from '../../../core/engine';
import { compareCodeUnits } from '../../../core/ops/compare';
import { plural } from './plural';

/** `vault_status` output, as prompts use it. */
export interface VaultStatus {
  name: string;
  files: number;
  notes: number;
  canvases: number;
  bases: number;
  attachments: number;
  folders: number;
  links: { resolved: number; unresolved: number };
}

/** A tag with its note counts, as `tag_list` returns it. */
export interface TagCount {
  tag: string;
  count: number;
  total: number;
}

/** `vault_status` through the engine as `caller`. */
export async function fetchStatus(engine: Engine, caller: Caller): Promise<VaultStatus> {
  return (await engine.call('vault_status', {}, caller)).output as VaultStatus;
}

/** The `limit` tags carried by most notes (nested tags included), ties by name. */
export async function fetchTopTags(engine: Engine, caller: Caller, limit: number): Promise<TagCount[]> {
  const { tags } = (await engine.call('tag_list', {}, caller)).output as { tags: TagCount[] };
  return [...tags].sort((a, b) => b.total - a.total || compareCodeUnits(a.tag, b.tag)).slice(0, limit);
}

/** `#tag (n notes)` for each tag, comma-separated, or `none`. */
export function formatTags(tags: readonly TagCount[]): string {
  return tags.length === 0 ? 'none' : tags.map((tag) => `#${tag.tag} (${plural(tag.total, 'note')})`).join(', ');
}
