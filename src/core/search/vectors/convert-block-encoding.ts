import { quantizeInt8 } from './quantize-int8';
import type { VectorBlockData } from './vector-blocks';
import type { VectorEncoding } from './vector-encoding';

/**
 * The same rows in another encoding, so switching between float32 and int8 never costs a
 * re-embedding (int8 → float32 keeps the quantisation error).
 */
export function convertBlockEncoding(data: VectorBlockData, dimensions: number, target: VectorEncoding): VectorBlockData {
  const fromInt8 = data.scales !== null;
  if (fromInt8 === (target === 'int8')) return data;
  return fromInt8 ? toFloat32(data, dimensions) : toInt8(data, dimensions);
}

function toFloat32(data: VectorBlockData, dimensions: number): VectorBlockData {
  const values = new Float32Array(data.rows * dimensions);
  for (let index = 0; index < values.length; index += 1) values[index] = data.values[index]! * data.scales![Math.floor(index / dimensions)]!;
  return { rows: data.rows, values, scales: null };
}

function toInt8(data: VectorBlockData, dimensions: number): VectorBlockData {
  const values = new Int8Array(data.rows * dimensions);
  const scales = new Float32Array(data.rows);
  for (let row = 0; row < data.rows; row += 1) {
    const vector = (data.values as Float32Array).subarray(row * dimensions, (row + 1) * dimensions);
    scales[row] = quantizeInt8(vector, values, row * dimensions);
  }
  return { rows: data.rows, values, scales };
}
