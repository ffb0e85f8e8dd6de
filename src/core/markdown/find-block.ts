import { IndxError } from '../errors';
import type { BlockCache, CachedMetadata } from '../metadata/types';

const LISTED_BLOCKS_LIMIT = 50;

/**
 * Turns an agent's block id (`decision-1`, `^decision-1` or `#^decision-1`) into the bare id.
 * Throws `invalid_input` when nothing usable is left.
 */
export function toBareBlockId(blockId: string): string {
  const bare = blockId.trim().replace(/^#?\^/, '');
  if (bare === '' || /\s/.test(bare)) {
    throw new IndxError('invalid_input', `Block id ${JSON.stringify(blockId)} is not usable: pass the id after the ^, e.g. "decision-1".`, { block_id: blockId });
  }
  return bare;
}

/**
 * Finds the block (paragraph, list item, ...) carrying `^id` in Obsidian's cache: `blocks` first,
 * then list items with that id; an exact id wins over one differing only in case. Throws
 * `block_not_found` with the note's block ids (the first 50) when there is none, or when several
 * ids match only by ignoring case; `block_ambiguous` when the note carries the id more than once
 * (Obsidian's cache keeps only one of them, so an edit would silently pick one).
 */
export function findBlock(metadata: CachedMetadata, id: string): BlockCache {
  const candidates = blockCandidates(metadata);
  const exact = candidates.find((block) => block.id === id);
  if (exact) return unique(metadata, exact);
  const folded = candidates.filter((block) => block.id.toLowerCase() === id.toLowerCase());
  const [only] = folded;
  if (only !== undefined && folded.length === 1) return unique(metadata, only);
  const available = candidates.slice(0, LISTED_BLOCKS_LIMIT).map((block) => block.id);
  throw new IndxError('block_not_found', `No block with id ^${id} in this note. Block ids are written as " ^id" at the end of a paragraph or list item; pick one of details.available.`, {
    block_id: id,
    available,
  });
}

/** `block`, unless paragraphs or list items carry its id more than once: then `block_ambiguous`. */
function unique(metadata: CachedMetadata, block: BlockCache): BlockCache {
  const carriers = [...(metadata.sections ?? []).filter((section) => section.type !== 'list' && section.id === block.id), ...(metadata.listItems ?? []).filter((item) => item.id === block.id)];
  if (carriers.length <= 1) return block;
  const lines = carriers.map((carrier) => carrier.position.start.line + 1).sort((a, b) => a - b);
  throw new IndxError('block_ambiguous', `The block id ^${block.id} appears ${carriers.length} times in this note (lines ${lines.join(', ')}), so it does not name one block. Give the blocks distinct ids first (e.g. with replace_section or note_write).`, {
    block_id: block.id,
    lines,
  });
}

function blockCandidates(metadata: CachedMetadata): BlockCache[] {
  const blocks = Object.values(metadata.blocks ?? {});
  const known = new Set(blocks.map((block) => block.id));
  const items = (metadata.listItems ?? []).flatMap((item) => (item.id !== undefined && !known.has(item.id) ? [{ id: item.id, position: item.position }] : []));
  return [...blocks, ...items];
}
