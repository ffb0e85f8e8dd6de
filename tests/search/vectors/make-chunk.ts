import { createHash } from 'node:crypto';
import type { Chunk } from '../../../src/core/search/chunk';

/** A chunk of `path` with the given text, hashed by content like the chunker does. */
export function makeChunk(path: string, text: string, line = 0): Chunk {
  const heading = /^#+\s+(.*)$/m.exec(text)?.[1] ?? null;
  return { path, heading, headingPath: heading === null ? [] : [heading], line, text, hash: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}
