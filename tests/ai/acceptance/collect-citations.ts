/** A citation as outputs carry it (only the fields these tests read). */
export interface OutputCitation {
  path: string;
  etag?: string;
  line?: number;
}

const CITATION_LISTS = new Set(['citations', 'evidence']);

/**
 * Every citation anywhere in an output: the items of each `citations` or `evidence` list, however
 * deep (summary citations, tag evidence, metadata field evidence, extract result citations…).
 */
export function collectCitations(value: unknown): OutputCitation[] {
  if (Array.isArray(value)) return value.flatMap(collectCitations);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => (CITATION_LISTS.has(key) && Array.isArray(child) ? [...(child as OutputCitation[]), ...collectCitations(child)] : collectCitations(child)));
}
