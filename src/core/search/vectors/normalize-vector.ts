/** Scales `vector` in place to unit length (a zero vector stays zero), so cosine is a dot product. */
export function normalizeVector(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let index = 0; index < vector.length; index += 1) sum += vector[index]! * vector[index]!;
  const norm = Math.sqrt(sum);
  if (norm === 0) return vector;
  for (let index = 0; index < vector.length; index += 1) vector[index] = vector[index]! / norm;
  return vector;
}
