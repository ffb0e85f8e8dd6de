import { Document, isMap, isScalar, type Pair, type Scalar, type ToStringOptions } from 'yaml';
import type { LineEnding } from './line-ending';
import type { LineIndex } from './line-index';

/** The whole lines (0-based, inclusive) a top-level `key: value` pair occupies in the YAML. */
export interface PairLines {
  readonly pair: Pair;
  readonly firstLine: number;
  readonly lastLine: number;
}

/** Finds the top-level pair whose key is exactly `key` (case-sensitive), or `undefined`. */
export function findTopLevelPair(document: Document, key: string): Pair | undefined {
  if (!isMap(document.contents)) return undefined;
  return document.contents.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
}

/**
 * The lines from a pair's key to the last line holding its value. Comment lines above the key
 * are not included (they stay put); a comment at the end of the value's last line is.
 */
export function findPairLines(pair: Pair, lines: LineIndex): PairLines | undefined {
  const keyRange = isScalar(pair.key) ? pair.key.range : undefined;
  if (!keyRange) return undefined;
  const valueRange = (pair.value as Scalar | null)?.range;
  const contentEnd = Math.max(keyRange[1], valueRange?.[1] ?? 0);
  return { pair, firstLine: lines.lineOf(keyRange[0]), lastLine: lines.lineOf(Math.max(contentEnd - 1, keyRange[0])) };
}

/** Quoting styles of an existing pair to carry over to its rewritten text. */
export interface PairStyle {
  readonly keyType?: Scalar.Type;
  readonly valueType?: Scalar.Type;
}

/** The quoting styles of an existing pair: its key's, and its value's when that is a quoted string. */
export function pairStyleOf(pair: Pair): PairStyle {
  const keyType = isScalar(pair.key) ? pair.key.type : undefined;
  const quoted = isScalar(pair.value) && typeof pair.value.value === 'string' && pair.value.type?.startsWith('QUOTE_');
  return { keyType, valueType: quoted ? (pair.value as Scalar).type : undefined };
}

/**
 * Writes one `key: value` pair as YAML lines joined by `lineEnding`, without a final line break.
 * `style` carries over the original key's quoting, and a quoted string value's quote style when
 * the new value is a string too (the `yaml` package falls back when a style cannot hold it).
 */
export function serializePair(key: string, value: unknown, options: ToStringOptions, lineEnding: LineEnding, style: PairStyle = {}): string {
  const document = new Document(new Map([[key, value]]));
  const written = isMap(document.contents) ? document.contents.items[0] : undefined;
  if (style.keyType !== undefined && written && isScalar(written.key)) written.key.type = style.keyType;
  if (style.valueType !== undefined && written && isScalar(written.value) && typeof value === 'string') written.value.type = style.valueType;
  return document.toString(options).replace(/\n$/, '').replace(/\n/g, lineEnding);
}
