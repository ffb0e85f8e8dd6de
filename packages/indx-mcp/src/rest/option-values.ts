import { readFileSync } from 'node:fs';
import { CommandFailure } from './command-failure';

// The values of shorthand options (seed 002 §11): numbers, comma lists and JSON files. A bad
// value is `invalid_input` naming the flag, so the user knows which option to fix.

/** `--top-k 8` → 8; not a number is `invalid_input`. */
export function toNumberOption(flag: string, value: unknown): number {
  const number = Number(value);
  if (String(value).trim() !== '' && Number.isFinite(number)) return number;
  throw new CommandFailure('invalid_input', `${flag} takes a number; got "${String(value)}".`, { [flag]: value });
}

/** `--forbid 'a, b,'` → ["a", "b"] (blank items dropped). */
export function toListOption(value: unknown): string[] {
  return String(value)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The parsed JSON of `file` given to `flag`; an unreadable file or bad JSON is `invalid_input`. */
export function readJsonFileOption(flag: string, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error: unknown) {
    throw new CommandFailure('invalid_input', `Cannot read ${flag} ${file}: ${error instanceof Error ? error.message : String(error)}.`, { file }, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error: unknown) {
    throw new CommandFailure('invalid_input', `${flag} ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`, { file }, { cause: error });
  }
}
