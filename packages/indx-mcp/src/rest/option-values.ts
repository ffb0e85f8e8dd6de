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

/** The longest delay a Node timer holds. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `--timeout SECONDS` in milliseconds (undefined when not given); not a positive number is `invalid_input`. */
export function toTimeoutMs(seconds: string | undefined): number | undefined {
  if (seconds === undefined) return undefined;
  const value = Number(seconds);
  // Platform limit: Node timers hold at most 2^31-1 ms (about 24 days).
  if (seconds.trim() !== '' && Number.isFinite(value) && value > 0) return Math.min(Math.ceil(value * 1000), MAX_TIMER_MS);
  throw new CommandFailure('invalid_input', `--timeout takes a positive number of seconds, e.g. --timeout 120; got "${seconds}".`, { timeout: seconds });
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
