import { IndxError } from '../errors';

/** A heading reference as an agent writes it, split into its parts. */
export interface HeadingQuery {
  /** The query as given, for error messages. */
  readonly original: string;
  /** The text after any leading `#`s, trimmed. */
  readonly text: string;
  /** `text` split on `>` into trimmed segments (one segment when there is no `>`). */
  readonly segments: readonly string[];
  /** The required level when the query starts with `#`s followed by a space. */
  readonly level?: number;
}

/**
 * Parses `"Open questions"`, `"Plan > Open questions"` or `"## Open questions"` into a query.
 * Throws `invalid_input` when nothing is left to match.
 */
export function parseHeadingQuery(query: string): HeadingQuery {
  const trimmed = query.trim();
  const marked = /^(#{1,6})[ \t]+(.*)$/.exec(trimmed);
  const text = (marked?.[2] ?? trimmed).trim();
  const segments = text.split('>').map((segment) => segment.trim());
  if (text === '' || segments.some((segment) => segment === '')) {
    throw new IndxError('invalid_input', `Heading ${JSON.stringify(query)} is empty or has an empty path part. Pass a heading's text, e.g. "Open questions", or a path like "Plan > Open questions".`, { heading: query });
  }
  return { original: query, text, segments, ...(marked?.[1] ? { level: marked[1].length } : {}) };
}
