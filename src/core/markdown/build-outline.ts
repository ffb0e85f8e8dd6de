import type { HeadingCache } from '../metadata/types';

/** One heading in a note's outline. `line` is 0-based, as in Obsidian's positions. */
export interface OutlineEntry {
  heading: string;
  level: number;
  line: number;
  /** The texts of the enclosing headings, outermost first, then this heading's own text. */
  path: string[];
}

/**
 * Turns Obsidian's heading cache into an outline where each entry knows its ancestors: a heading
 * encloses the following headings of a deeper level until one of the same or a higher level.
 * Skipped levels are fine (`#` then `###` nests the `###` under the `#`).
 */
export function buildOutline(headings: readonly HeadingCache[] | undefined): OutlineEntry[] {
  const ancestors: OutlineEntry[] = [];
  return (headings ?? []).map((heading) => {
    while (ancestors.length > 0 && (ancestors[ancestors.length - 1]?.level ?? 0) >= heading.level) ancestors.pop();
    const entry: OutlineEntry = {
      heading: heading.heading,
      level: heading.level,
      line: heading.position.start.line,
      path: [...ancestors.map((ancestor) => ancestor.heading), heading.heading],
    };
    ancestors.push(entry);
    return entry;
  });
}
