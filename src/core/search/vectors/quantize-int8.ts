/**
 * Writes `vector` as int8 into `target` from `offset` and returns its scale: the value of one
 * step, so `target[offset + i] * scale` approximates `vector[i]` (symmetric, per vector).
 */
export function quantizeInt8(vector: Float32Array, target: Int8Array, offset: number): number {
  let largest = 0;
  for (let index = 0; index < vector.length; index += 1) largest = Math.max(largest, Math.abs(vector[index]!));
  const scale = largest === 0 ? 1 : largest / 127;
  for (let index = 0; index < vector.length; index += 1) target[offset + index] = Math.round(vector[index]! / scale);
  return scale;
}
