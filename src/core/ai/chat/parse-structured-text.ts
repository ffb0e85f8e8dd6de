/** The outcome of reading a model's text as JSON. */
export type StructuredParse = { ok: true; value: unknown } | { ok: false };

// Models that ignore response_format often wrap their JSON in a Markdown code fence.
const OPENING_FENCE = /^\s*```[a-zA-Z]*[^\S\n]*\n?/;
const FENCE = '```';

/** The text without a surrounding Markdown code fence (```json … ```), an unclosed one included. */
export function stripJsonFences(text: string): string {
  if (!OPENING_FENCE.test(text)) return text.trim();
  // Trimmed, then sliced: a regular expression anchored at the end backtracks quadratically on long whitespace.
  const opened = text.replace(OPENING_FENCE, '').trimEnd();
  return (opened.endsWith(FENCE) ? opened.slice(0, -FENCE.length) : opened).trim();
}

/** Parses a model's structured reply as JSON, code fence stripped; `ok: false` when it is not JSON. */
export function parseStructuredText(text: string): StructuredParse {
  try {
    return { ok: true, value: JSON.parse(stripJsonFences(text)) as unknown };
  } catch {
    return { ok: false };
  }
}
