import type { BlockCache, CachedMetadata, FootnoteCache, HeadingCache, ListItemCache, SectionCache } from './types';
import { type InlineFindings, createInlineFindings } from './inline-findings';
import { type SourceText, positionOf } from './source-text';

/** The metadata gathered while walking one note's blocks. */
export interface MetadataCollector {
  source: SourceText;
  findings: InlineFindings;
  headings: HeadingCache[];
  sections: SectionCache[];
  listItems: ListItemCache[];
  footnotes: FootnoteCache[];
  blocks: Record<string, BlockCache>;
}

/** An empty collector for `source`. */
export function createMetadataCollector(source: SourceText): MetadataCollector {
  return { source, findings: createInlineFindings(), headings: [], sections: [], listItems: [], footnotes: [], blocks: {} };
}

/**
 * Writes the collected metadata into `metadata`, leaving out empty fields the way Obsidian
 * does (no `links` key in a note without links).
 */
export function fillMetadata(collector: MetadataCollector, metadata: CachedMetadata): CachedMetadata {
  const source = collector.source;
  const references = collector.findings.references.map((found) => ({
    embed: found.embed,
    cache: {
      link: found.link,
      original: source.content.slice(found.start, found.end),
      displayText: found.displayText,
      position: positionOf(source, found.start, found.end),
    },
  }));
  setIfAny(metadata, 'links', references.filter((found) => !found.embed).map((found) => found.cache));
  setIfAny(metadata, 'embeds', references.filter((found) => found.embed).map((found) => found.cache));
  setIfAny(metadata, 'tags', collector.findings.tags.map((tag) => ({ tag: tag.tag, position: positionOf(source, tag.start, tag.end) })));
  setIfAny(metadata, 'headings', collector.headings);
  setIfAny(metadata, 'sections', collector.sections);
  setIfAny(metadata, 'listItems', collector.listItems);
  setIfAny(metadata, 'footnotes', collector.footnotes);
  const footnoteRefs = collector.findings.footnoteRefs.map((ref) => ({ id: ref.id, position: positionOf(source, ref.start, ref.end) }));
  setIfAny(metadata, 'footnoteRefs', footnoteRefs);
  if (Object.keys(collector.blocks).length > 0) metadata.blocks = collector.blocks;
  return metadata;
}

/** Array-valued keys of the metadata. */
type ListKey = 'links' | 'embeds' | 'tags' | 'headings' | 'sections' | 'listItems' | 'footnotes' | 'footnoteRefs';

/** Sets `key` only when `values` is not empty. */
function setIfAny<K extends ListKey>(metadata: CachedMetadata, key: K, values: NonNullable<CachedMetadata[K]>): void {
  if (values.length > 0) metadata[key] = values;
}
