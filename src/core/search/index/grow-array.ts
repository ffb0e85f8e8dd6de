/** A typed array the index grows by doubling. */
export type GrowableArray = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;

/**
 * Returns `array` when it holds at least `length` items, else a copy at least twice as long with
 * the same contents (the rest zero).
 */
export function growArray<T extends GrowableArray>(array: T, length: number): T {
  if (array.length >= length) return array;
  const next = new (array.constructor as new (size: number) => T)(Math.max(length, array.length * 2, 16));
  next.set(array);
  return next;
}
