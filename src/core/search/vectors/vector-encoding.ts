/**
 * How stored vectors are kept: `float32` exactly, or `int8` with one float scale per vector
 * (a quarter of the memory and disk; cosine scores move by about 1%, rankings barely).
 */
export type VectorEncoding = 'float32' | 'int8';
