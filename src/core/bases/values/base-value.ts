/**
 * The typed values of the Bases expression language: what properties, formulas, functions and
 * methods produce. Plain immutable data; behaviour lives in the `value-*` modules beside this one.
 * Obsidian's own classes (`StringValue`, `LinkValue extends StringValue`, `DateValue`, ...) are
 * the model; kinds Obsidian only renders (`html`, `icon`, `image`) keep their text.
 */
export type BaseValue =
  | { kind: 'null' }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | DateValue
  | DurationValue
  | { kind: 'list'; items: readonly BaseValue[] }
  | { kind: 'object'; entries: ReadonlyMap<string, BaseValue> }
  | LinkValue
  | { kind: 'file'; path: string }
  | { kind: 'regexp'; source: string; flags: string }
  | { kind: 'html' | 'icon' | 'image'; value: string };

/**
 * An instant in milliseconds since the epoch. `hasTime` is false for calendar dates
 * (`2025-01-31`), which sit at midnight UTC; arithmetic and fields use UTC throughout.
 */
export interface DateValue {
  kind: 'date';
  time: number;
  hasTime: boolean;
}

/**
 * A span of time: a calendar part in months (`1M`, `1y` = 12 months), applied with month-end
 * clamping, and an exact part in milliseconds (weeks, days and shorter units).
 */
export interface DurationValue {
  kind: 'duration';
  months: number;
  milliseconds: number;
}

/**
 * A link as Obsidian's `LinkValue`: `linktext` is the target as written (`Kevin Kelly`,
 * `Notes/a#h`, or a URL), `display` the optional alias, `target` the vault path it resolved to
 * when it was made (null when unresolved or external).
 */
export interface LinkValue {
  kind: 'link';
  linktext: string;
  display: string | null;
  target: string | null;
}

/** The kinds of value, as `isType()` and error messages name them. */
export type BaseValueKind = BaseValue['kind'];

/** The one null value. */
export const NULL_VALUE: BaseValue = { kind: 'null' };

/** A string value. */
export function stringValue(value: string): BaseValue {
  return { kind: 'string', value };
}

/** A number value. */
export function numberValue(value: number): BaseValue {
  return { kind: 'number', value };
}

/** A boolean value. */
export function booleanValue(value: boolean): BaseValue {
  return { kind: 'boolean', value };
}

/** A list value. */
export function listValue(items: readonly BaseValue[]): BaseValue {
  return { kind: 'list', items };
}

/** An object value from its entries, in order. */
export function objectValue(entries: Iterable<readonly [string, BaseValue]>): BaseValue {
  return { kind: 'object', entries: new Map(entries) };
}

/** A date value. */
export function dateValue(time: number, hasTime: boolean): DateValue {
  return { kind: 'date', time, hasTime };
}

/** A duration value. */
export function durationValue(months: number, milliseconds: number): DurationValue {
  return { kind: 'duration', months, milliseconds };
}

/** A file value for a vault path. */
export function fileValue(path: string): BaseValue {
  return { kind: 'file', path };
}
