import * as z from 'zod';
import { aiUsageSchema, aiWarningSchema, citationSchema, scopeResolvedSchema, type Citation } from '../ai-schemas';
import { tocNodeSchema, type TocNode } from './toc-node';

/** The output of ai_toc (seed 002 §5.3 `TocOutput`). */
export const tocOutputSchema = z.object({
  toc_markdown: z.string().describe('The table of contents as markdown, ready to drop into a note.'),
  toc_tree: z.array(tocNodeSchema).describe('The same entries as a tree.'),
  scope_resolved: scopeResolvedSchema,
  written: z
    .object({
      path: z.string().describe('The note written.'),
      etag: z.string().describe('Its etag after the write.'),
    })
    .optional()
    .describe('Present only when write was asked for and succeeded.'),
  citations: z.array(citationSchema).describe('Where each description or summary comes from (one per described entry).'),
  usage: aiUsageSchema,
  warnings: z.array(aiWarningSchema).describe('Non-fatal conditions (ai_cache_hit, globs_excluded, citation_invalid, ungrounded_dropped…).'),
});

/** What the ai_toc producers compute (usage and warnings are added by runAiCall). */
export interface TocResult {
  toc_markdown: string;
  toc_tree: TocNode[];
  scope_resolved: { paths: string[]; total_tokens: number };
  citations: Citation[];
  written?: { path: string; etag: string };
}
