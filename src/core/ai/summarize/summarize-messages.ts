import type { ModelSummary } from './model-summary';

/**
 * The user messages of `ai_summarize`: the whole scope at once, one part of a map-reduce, and
 * the reduce step over the part summaries (whose citations the model must copy, not invent).
 */
export const summarizeMessages = {
  whole(rendered: string): string {
    return `Summarize the following notes.\n\n${rendered}`;
  },
  part(index: number, total: number, rendered: string): string {
    return `The notes are too long to read at once, so they come in ${total} parts. This is part ${index} of ${total}: summarize this part on its own.\n\n${rendered}`;
  },
  reduce(parts: readonly ModelSummary[], cite: boolean): string {
    const copy = cite ? ' Cite only with citations copied exactly from the part summaries.' : '';
    const listed = parts.map((part, index) => JSON.stringify({ part: index + 1, ...part })).join('\n');
    return `The notes were summarized in ${parts.length} parts; their summaries follow as JSON, one per line. Combine them into one summary of all the notes.${copy}\n\n${listed}`;
  },
};
