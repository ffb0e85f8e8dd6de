import { ShardProblem } from './shard-problem';

const NULL_LENGTH = 0xffffffff;
const encoder = new TextEncoder();
// ignoreBOM: a string that starts with U+FEFF (a heading pasted from Windows) must come back whole.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A list of strings (null allowed) as persisted: UTF-16 lengths, then all the text as UTF-8. */
export interface EncodedStrings {
  lengths: Uint32Array;
  text: Uint8Array;
}

/** Encodes `strings` in one pass: a length each, and one UTF-8 run of the concatenation. */
export function encodeStrings(strings: readonly (string | null)[]): EncodedStrings {
  const lengths = new Uint32Array(strings.length);
  strings.forEach((value, index) => (lengths[index] = value === null ? NULL_LENGTH : value.length));
  return { lengths, text: encoder.encode(strings.map((value) => value ?? '').join('')) };
}

/** Strings cut out of the decoded text between two calls of the pacer. */
const STRINGS_PER_PAUSE = 16_384;

/**
 * Decodes what {@link encodeStrings} wrote; throws {@link ShardProblem} when they disagree.
 * Calls `pause` every few thousand strings: a vocabulary of several hundred thousand terms
 * must not be cut out in one slice (Obsidian's UI would freeze while the index loads).
 */
export async function decodeStrings(encoded: EncodedStrings, pause: () => Promise<void>): Promise<(string | null)[]> {
  let text: string;
  try {
    text = decoder.decode(encoded.text);
  } catch {
    throw new ShardProblem('a string list is not valid UTF-8');
  }
  const strings: (string | null)[] = new Array<string | null>(encoded.lengths.length);
  let at = 0;
  for (let index = 0; index < encoded.lengths.length; index += 1) {
    const length = encoded.lengths[index] ?? 0;
    if (length === NULL_LENGTH) strings[index] = null;
    else {
      strings[index] = text.slice(at, at + length);
      at += length;
    }
    if (index % STRINGS_PER_PAUSE === STRINGS_PER_PAUSE - 1) await pause();
  }
  if (at !== text.length) throw new ShardProblem('a string list does not add up to its text');
  return strings;
}

/** Decodes a list that holds no nulls. */
export async function decodeNonNullStrings(encoded: EncodedStrings, pause: () => Promise<void>): Promise<string[]> {
  const strings = await decodeStrings(encoded, pause);
  if (strings.includes(null)) throw new ShardProblem('a string list holds an unexpected null');
  return strings as string[];
}
