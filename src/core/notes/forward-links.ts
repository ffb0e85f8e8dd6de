import { getLinkpath } from '../metadata/linktext';
import type { CachedMetadata, Reference } from '../metadata/types';
import type { VaultHost } from '../vault/vault-host';

/** One outgoing reference of a note, with where it resolves. */
export interface ForwardLink {
  link: string;
  original: string;
  display_text: string | null;
  kind: 'link' | 'embed' | 'frontmatter';
  /** The vault path it resolves to, or null when unresolved. */
  target: string | null;
  /** 0-based line, or null for frontmatter links. */
  line: number | null;
  /** Frontmatter key, for frontmatter links. */
  key?: string;
}

/** Every link, embed and frontmatter link of a note, in document order by kind. */
export function listForwardLinks(host: VaultHost, path: string, cache: CachedMetadata): ForwardLink[] {
  const resolve = (reference: Reference): string | null => resolveReference(host, reference.link, path);
  const links = (cache.links ?? []).map((link) => ({ ...common(link, resolve(link)), kind: 'link' as const, line: link.position.start.line }));
  const embeds = (cache.embeds ?? []).map((embed) => ({ ...common(embed, resolve(embed)), kind: 'embed' as const, line: embed.position.start.line }));
  const front = (cache.frontmatterLinks ?? []).map((link) => ({ ...common(link, resolve(link)), kind: 'frontmatter' as const, line: null, key: link.key }));
  return [...front, ...links, ...embeds].sort((a, b) => (a.line ?? -1) - (b.line ?? -1));
}

/** Resolves a link as written (`a#h`, `#h`) to a vault path; self-links resolve to `sourcePath`. */
export function resolveReference(host: VaultHost, link: string, sourcePath: string): string | null {
  const linkpath = getLinkpath(link);
  return linkpath === '' ? sourcePath : host.resolveLink(linkpath, sourcePath);
}

function common(reference: Reference, target: string | null) {
  return { link: reference.link, original: reference.original, display_text: reference.displayText ?? null, target };
}
