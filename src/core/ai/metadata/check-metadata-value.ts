import { err, ok, type Result } from '../../result';
import { MAX_PATTERN_INPUT } from '../safe-pattern';
import { compileFieldPattern } from './compile-field-pattern';
import type { MetadataFieldSpec, MetadataFieldType } from './metadata-field-spec';
import { normalizeDate } from './normalize-date';
import { normalizeDateTime } from './normalize-date-time';

type ScalarType = Exclude<MetadataFieldType, 'list'>;

/**
 * Checks a non-null value against its field spec and returns it normalised (dates to
 * `YYYY-MM-DD`, date-times to UTC `YYYY-MM-DDTHH:mm:ssZ`), or the reason it fails: wrong type,
 * an enum near-miss (matching is exact, case included), a pattern mismatch, a number or list
 * length outside min/max, an item of a list that fails its item type. Never coerces across types
 * ("3" is not the number 3).
 */
export function checkMetadataValue(spec: MetadataFieldSpec, value: unknown): Result<unknown, string> {
  if (spec.type !== 'list') return checkScalar(spec, spec.type, value);
  if (!Array.isArray(value)) return err(`expected a list, got ${describe(value)}`);
  const length = checkBounds(spec, value.length, 'items');
  if (length !== null) return err(length);
  return checkItems(spec, value);
}

function checkItems(spec: MetadataFieldSpec, items: readonly unknown[]): Result<unknown, string> {
  const normalised: unknown[] = [];
  for (const [index, item] of items.entries()) {
    const checked = checkScalar(spec, spec.list_item_type ?? 'string', item);
    if (!checked.ok) return err(`item ${index}: ${checked.error}`);
    normalised.push(checked.value);
  }
  return ok(normalised);
}

const scalarCheckers: Record<ScalarType, (spec: MetadataFieldSpec, value: unknown) => Result<unknown, string>> = {
  string: checkString,
  number: checkNumber,
  boolean: (_spec, value) => (typeof value === 'boolean' ? ok(value) : err(`expected true or false, got ${describe(value)}`)),
  date: (_spec, value) => normalised(value, normalizeDate, 'a calendar date as YYYY-MM-DD'),
  datetime: (_spec, value) => normalised(value, normalizeDateTime, 'an ISO 8601 date-time with a zone (e.g. 2026-05-03T14:30:00Z)'),
  enum: checkEnum,
};

function checkScalar(spec: MetadataFieldSpec, type: ScalarType, value: unknown): Result<unknown, string> {
  return scalarCheckers[type](spec, value);
}

function checkString(spec: MetadataFieldSpec, value: unknown): Result<unknown, string> {
  if (typeof value !== 'string') return err(`expected text, got ${describe(value)}`);
  const pattern = spec.pattern === undefined ? null : compileFieldPattern(spec.pattern);
  if (pattern !== null && value.length > MAX_PATTERN_INPUT) return err(`a value of ${value.length} characters is too long to check against the pattern (at most ${MAX_PATTERN_INPUT})`);
  if (pattern !== null && !pattern.test(value)) return err(`"${shorten(value)}" does not match the pattern ${spec.pattern}`);
  return ok(value);
}

function checkNumber(spec: MetadataFieldSpec, value: unknown): Result<unknown, string> {
  if (typeof value !== 'number' || !Number.isFinite(value)) return err(`expected a number, got ${describe(value)}`);
  const bounds = checkBounds(spec, value, '');
  return bounds === null ? ok(value) : err(bounds);
}

function checkEnum(spec: MetadataFieldSpec, value: unknown): Result<unknown, string> {
  const allowed = spec.enum ?? [];
  if (typeof value === 'string' && allowed.includes(value)) return ok(value);
  return err(`${describe(value)} is not one of the allowed values (${allowed.join(', ')}); enum values match exactly`);
}

function normalised(value: unknown, normalize: (text: string) => string | null, expected: string): Result<unknown, string> {
  const result = typeof value === 'string' ? normalize(value) : null;
  return result === null ? err(`expected ${expected}, got ${describe(value)}`) : ok(result);
}

function checkBounds(spec: MetadataFieldSpec, amount: number, unit: string): string | null {
  const what = unit === '' ? String(amount) : `${amount} ${unit}`;
  if (spec.min !== undefined && amount < spec.min) return `${what} is below the minimum ${spec.min}`;
  if (spec.max !== undefined && amount > spec.max) return `${what} is above the maximum ${spec.max}`;
  return null;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${shorten(value)}"`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : typeof value;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
