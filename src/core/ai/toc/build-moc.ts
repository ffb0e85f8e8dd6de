import { basenameOf } from '../../vault/paths';
import { compareCodeUnits } from '../../ops/compare';
import type { TocNode } from './toc-node';

/** A titled group, ready to be listed. */
export interface TitledGroup {
  title: string;
  paths: string[];
}

/** Everything a Map of Content is written from. */
export interface MocListing {
  title: string;
  groups: readonly TitledGroup[];
  maxPerGroup: number;
  /** One-line summaries by note path. */
  summaries: ReadonlyMap<string, string>;
  /** The link path of a note, as Obsidian would write it (`createLinkPathChooser`). */
  linkPathOf(path: string): string;
}

/** A Map of Content as markdown and tree, and the notes it lists. */
export interface BuiltMoc {
  markdown: string;
  tree: TocNode[];
  listed: string[];
}

/**
 * Writes a Map of Content: `# <title>`, then one `## <group>` section per group with a
 * `- [[Note]] — summary` item per note (sorted by name, then path), at most `maxPerGroup` of
 * them, the rest counted in a last `- …and N more` item. The tree mirrors the markdown: group
 * nodes whose children are the notes (title, path, description) and the "…and N more" entry.
 */
export function buildMoc(listing: MocListing): BuiltMoc {
  const sections: string[] = [`# ${listing.title}\n`];
  const tree: TocNode[] = [];
  const listed: string[] = [];
  for (const group of listing.groups) {
    const sorted = [...group.paths].sort(byName);
    const shown = sorted.slice(0, listing.maxPerGroup);
    const hidden = sorted.length - shown.length;
    const items = shown.map((path) => itemOf(listing, path));
    const more = hidden > 0 ? [{ title: `…and ${hidden} more` }] : [];
    listed.push(...shown);
    tree.push({ title: group.title, children: [...items.map((item) => item.node), ...more] });
    sections.push(`## ${group.title}\n${[...items.map((item) => item.line), ...more.map((entry) => `- ${entry.title}`)].map((line) => `${line}\n`).join('')}`);
  }
  return { markdown: sections.join('\n'), tree, listed };
}

function itemOf(listing: MocListing, path: string): { node: TocNode; line: string } {
  const summary = listing.summaries.get(path);
  const node: TocNode = { title: basenameOf(path), path, ...(summary === undefined ? {} : { description: summary }) };
  return { node, line: `- [[${listing.linkPathOf(path)}]]${summary === undefined ? '' : ` — ${summary}`}` };
}

function byName(left: string, right: string): number {
  return compareCodeUnits(basenameOf(left).toLowerCase(), basenameOf(right).toLowerCase()) || compareCodeUnits(left, right);
}
