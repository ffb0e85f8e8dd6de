import { readAcceptRanges } from './accept-ranges';

/** The media type of server-sent events. */
const EVENT_STREAM = 'text/event-stream';
const JSON_TYPE = 'application/json';

/**
 * Whether an `Accept` header asks for server-sent events rather than JSON: `text/event-stream`
 * is listed with a non-zero quality and is preferred over `application/json` (higher `q`, or
 * equal `q` and listed first). Wildcards never choose a stream: `*\/*` keeps the JSON default.
 */
export function wantsEventStream(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const ranges = readAcceptRanges(accept);
  const stream = ranges.findIndex((range) => range.type === EVENT_STREAM && range.quality > 0);
  if (stream === -1) return false;
  const json = ranges.findIndex((range) => range.type === JSON_TYPE && range.quality > 0);
  if (json === -1) return true;
  const streamQuality = ranges[stream]?.quality ?? 0;
  const jsonQuality = ranges[json]?.quality ?? 0;
  return streamQuality > jsonQuality || (streamQuality === jsonQuality && stream < json);
}
