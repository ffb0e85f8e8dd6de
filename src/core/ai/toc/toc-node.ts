import * as z from 'zod';

/** One entry of a table of contents: a heading (note mode) or a group or note (MOC mode). */
export interface TocNode {
  title: string;
  path?: string;
  anchor?: string;
  line?: number;
  description?: string;
  children?: TocNode[];
}

/**
 * The structured form of a table of contents entry (seed 002 §5.3 `TocNode`), recursive
 * through `children`. `line` is an addition to the seed's shape: the heading's 0-based line.
 */
export const tocNodeSchema: z.ZodType<TocNode> = z.lazy(() =>
  z.object({
    title: z.string().describe('Heading text (note mode), group title or note name (MOC mode).'),
    path: z.string().optional().describe('MOC mode: the vault path of the note this entry lists.'),
    anchor: z.string().optional().describe('Note mode: the heading as a link subpath, as in [[Note#anchor]].'),
    line: z.number().int().min(0).optional().describe('Note mode: 0-based line of the heading.'),
    description: z.string().optional().describe('One-line description (include_descriptions) or summary (include_summaries).'),
    children: z.array(tocNodeSchema).optional().describe('Nested entries.'),
  }),
);
