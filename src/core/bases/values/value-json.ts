import { durationMilliseconds } from '../dates/duration';
import type { BaseValue } from './base-value';

/** A JSON value as operations return it. */
export type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };

const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The JSON form of a value in `base_query` results: primitives as they are (a non-finite number
 * becomes null), a calendar date `"2025-01-31"`, a date with time ISO 8601 in UTC
 * (`"2025-01-31T08:30:00.000Z"`), a duration its milliseconds, a vault link `"[[target]]"` or
 * `"[[target|display]]"`, an external link its URL (or `"[display](url)"`), a file its path.
 */
export function toJsonValue(value: BaseValue): JsonValue {
  switch (value.kind) {
    case 'null':
      return null;
    case 'number':
      return Number.isFinite(value.value) ? value.value : null;
    case 'string':
    case 'boolean':
    case 'html':
    case 'icon':
    case 'image':
      return value.value;
    case 'date':
      return dateJson(value.time, value.hasTime);
    case 'duration':
      return durationMilliseconds(value);
    case 'list':
      return value.items.map(toJsonValue);
    case 'object':
      return Object.fromEntries([...value.entries].map(([key, entry]) => [key, toJsonValue(entry)]));
    case 'link':
      return linkJson(value.linktext, value.display);
    case 'file':
      return value.path;
    case 'regexp':
      return `/${value.source}/${value.flags}`;
  }
}

function dateJson(time: number, hasTime: boolean): string | null {
  if (!Number.isFinite(time) || Math.abs(time) > 8.64e15) return null;
  const text = new Date(time).toISOString();
  return hasTime ? text : text.slice(0, 10);
}

function linkJson(linktext: string, display: string | null): string {
  if (URL_SCHEME.test(linktext)) return display === null ? linktext : `[${display}](${linktext})`;
  return display === null ? `[[${linktext}]]` : `[[${linktext}|${display}]]`;
}
