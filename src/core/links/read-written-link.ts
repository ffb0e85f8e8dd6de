import { parseMetadata } from '../metadata/parse-metadata';
import type { Reference } from '../metadata/types';

/** Where a link is written: the note body, or a frontmatter value (read by other rules). */
export type LinkPlace = 'body' | 'frontmatter';

/**
 * Reads `text` as one link the way the metadata parser would index it where it is written: as
 * the only link or embed of a body line, or as a whole frontmatter value. Returns null when the
 * parser does not read the whole text as exactly that one link, so a caller can check that a
 * link it is about to write means what it intends before writing it.
 */
export function readWrittenLink(text: string, place: LinkPlace): Reference | null {
  const references = place === 'body' ? bodyReferences(text) : frontmatterReferences(text);
  return references.length === 1 && references[0]?.original === text ? references[0] : null;
}

function bodyReferences(text: string): Reference[] {
  const cache = parseMetadata(text);
  return [...(cache.links ?? []), ...(cache.embeds ?? [])];
}

function frontmatterReferences(text: string): Reference[] {
  // A JSON string is a valid YAML double-quoted scalar holding exactly `text`.
  return parseMetadata(`---\nlink: ${JSON.stringify(text)}\n---\n`).frontmatterLinks ?? [];
}
