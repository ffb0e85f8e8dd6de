import type { SearchResult } from '../../search/service/search-types';
import { inline, renderFields } from './render-fields';

/** What the renderer reads of a search: its hits (the search's own result type, less what it does not print). */
interface HitsOutput {
  results: Omit<SearchResult, 'matched_in'>[];
}

/**
 * The text of a search: the summary, then each hit numbered with its path, title, score, section
 * (heading and line) and tags, and its snippet on the next line; then the other fields (cursor,
 * mode, warnings, index progress).
 */
export function renderHits(output: HitsOutput, summary: string): string {
  const hits = output.results.flatMap((hit, index) => {
    const section = `${hit.heading === null ? 'top' : `# ${hit.heading}`}, line ${hit.line}`;
    const tags = hit.tags.length === 0 ? '' : ` · tags: ${hit.tags.join(', ')}`;
    return [`${index + 1}. ${hit.path} — ${inline(hit.title)} (score ${hit.score.toFixed(3)}; ${inline(section)})${tags}`, `   ${inline(hit.snippet)}`];
  });
  const rest = renderFields(output, summary, ['results', 'query']).split('\n');
  return [rest[0], ...hits, ...rest.slice(1)].join('\n');
}
