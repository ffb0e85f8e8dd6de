import type { CachedMetadata } from './types';

/**
 * The fields of a note's metadata a vault-wide picture needs: links, embeds and frontmatter
 * links (the link maps, backlinks, moves), tags and frontmatter (tag and property listings,
 * bases, search filters), headings (search sections, link subpaths) and where the frontmatter
 * lies. Sections, list items, footnotes and blocks are only needed for the one note being read
 * or edited, and its text is then at hand: `parseMetadata(text)` derives them.
 */
const KEPT_FIELDS = ['links', 'embeds', 'tags', 'headings', 'frontmatter', 'frontmatterPosition', 'frontmatterLinks'] as const satisfies readonly (keyof CachedMetadata)[];

/** The fields {@link compactMetadata} leaves out. */
const DROPPED_FIELDS = ['sections', 'listItems', 'footnotes', 'footnoteRefs', 'blocks'] as const satisfies readonly (keyof CachedMetadata)[];

/**
 * `metadata` without its per-block detail (see {@link KEPT_FIELDS}): what the headless host keeps
 * for every note, in memory and in its metadata cache. Sections and list items are most of a
 * parsed note's objects, so keeping them for 50k notes cost hundreds of megabytes. Returns
 * `metadata` itself when it holds nothing to drop.
 */
export function compactMetadata(metadata: CachedMetadata): CachedMetadata {
  if (!DROPPED_FIELDS.some((field) => metadata[field] !== undefined)) return metadata;
  const compact: CachedMetadata = {};
  for (const field of KEPT_FIELDS) if (metadata[field] !== undefined) Object.assign(compact, { [field]: metadata[field] });
  return compact;
}
