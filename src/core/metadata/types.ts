/**
 * The shape of Obsidian's `CachedMetadata` (obsidian.d.ts 1.13.1), reproduced so the core never
 * imports `obsidian`. Positions are 0-based; `end` is exclusive; offsets count UTF-16 code units.
 */

/** A location in a file: 0-based line, column and character offset. */
export interface Loc {
  line: number;
  col: number;
  offset: number;
}

/** A span in a file; `end` is exclusive. */
export interface Pos {
  start: Loc;
  end: Loc;
}

/** Anything with a position in the file. */
export interface CacheItem {
  position: Pos;
}

/** A link as written: `link` is the target (with subpath), `original` the source text. */
export interface Reference {
  link: string;
  original: string;
  displayText?: string;
}

/** A link or embed found in the body of a note. */
export interface ReferenceCache extends Reference, CacheItem {}
export type LinkCache = ReferenceCache;
export type EmbedCache = ReferenceCache;

/** A link found in a frontmatter value; carries the property key and no position. */
export interface FrontmatterLinkCache extends Reference {
  key: string;
}

/** An inline tag, `tag` including its leading `#`. */
export interface TagCache extends CacheItem {
  tag: string;
}

/** A heading: raw text (inline markdown kept) and its level 1..6. */
export interface HeadingCache extends CacheItem {
  heading: string;
  level: number;
}

/** A block with a `^id`. */
export interface BlockCache extends CacheItem {
  id: string;
}

/** A root-level markdown block. */
export interface SectionCache extends CacheItem {
  id?: string;
  type: string;
}

/** A list item; `parent` is the parent's start line, or minus the list's first line for roots. */
export interface ListItemCache extends CacheItem {
  id?: string;
  task?: string;
  parent: number;
}

/** A footnote definition `[^id]: text`. */
export interface FootnoteCache extends CacheItem {
  id: string;
}

/** A footnote reference `[^id]`. */
export interface FootnoteRefCache extends CacheItem {
  id: string;
}

/** Parsed frontmatter: whatever the YAML holds. */
export type FrontMatterCache = Record<string, unknown>;

/** Everything Obsidian's metadata cache knows about one markdown file. */
export interface CachedMetadata {
  links?: LinkCache[];
  embeds?: EmbedCache[];
  tags?: TagCache[];
  headings?: HeadingCache[];
  footnotes?: FootnoteCache[];
  footnoteRefs?: FootnoteRefCache[];
  sections?: SectionCache[];
  listItems?: ListItemCache[];
  frontmatter?: FrontMatterCache;
  frontmatterPosition?: Pos;
  frontmatterLinks?: FrontmatterLinkCache[];
  blocks?: Record<string, BlockCache>;
}
