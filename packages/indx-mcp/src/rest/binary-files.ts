import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Option } from 'commander';
import type { Operation } from '../../../../src/core/ops/operation';
import { CommandFailure } from './command-failure';

/**
 * The file options of an operation with a binary field (see `BinaryField`): `--file PATH` reads
 * the bytes of an input field (`indx attachment put img/pic.png --file ./pic.png`), `--out PATH`
 * writes the bytes of an output field (`indx attachment get img/pic.png --out ./copy.png`).
 */
export function binaryFileOptions(operation: Operation): Option[] {
  const binary = operation.binary;
  if (binary === undefined) return [];
  if ('input' in binary) return [new Option('--file <path>', `read ${binary.input} from this file (its bytes, sent as they are)`)];
  return [new Option('--out <path>', `write ${binary.output} (the bytes) to this file and print the other fields`)];
}

/** The input with the binary field read from `--file`, base64; unchanged without `--file`. */
export function readBinaryFile(operation: Operation, input: Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown> {
  const binary = operation.binary;
  if (binary === undefined || !('input' in binary) || typeof options.file !== 'string') return input;
  try {
    return { ...input, [binary.input]: readFileSync(options.file).toString('base64') };
  } catch (error: unknown) {
    throw new CommandFailure('invalid_input', `Cannot read --file ${options.file}: ${error instanceof Error ? error.message : String(error)}.`, { file: options.file }, { cause: error });
  }
}

/**
 * With `--out`, writes the binary output field's bytes to that file and returns the output to
 * print: the field replaced by `out`, the file's absolute path. Unchanged without `--out`.
 */
export function writeBinaryOutput(operation: Operation, output: Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown> {
  const binary = operation.binary;
  if (binary === undefined || !('output' in binary) || typeof options.out !== 'string') return output;
  const { [binary.output]: data, ...rest } = output;
  const file = resolve(options.out);
  try {
    writeFileSync(file, Buffer.from(typeof data === 'string' ? data : '', 'base64'));
  } catch (error: unknown) {
    throw new CommandFailure('invalid_input', `Cannot write --out ${options.out}: ${error instanceof Error ? error.message : String(error)}.`, { out: options.out }, { cause: error });
  }
  return { ...rest, out: file };
}
