import type { ExtractSchema, ValueProblem } from './compile-extract-schema';

/** One part of the model's data that failed the schema and was dropped. */
export interface DroppedData {
  /** The index of a dropped array item; absent when the whole value was dropped. */
  index?: number;
  errors: string[];
}

/** The data that passed, and what was dropped. */
export interface ValidatedData {
  /** The valid data (an array with its invalid items left out), or null when nothing valid remains. */
  data: unknown;
  dropped: DroppedData[];
}

/** Errors listed per dropped part. */
const LISTED_ERRORS = 5;

/**
 * Validates extracted data against the caller's schema. Valid data passes as is. For an array,
 * the items the errors point at are dropped and the rest kept, provided the remaining array
 * passes (array-level rules such as minItems may still fail it); any other failure drops the
 * whole value.
 */
export function validateExtractData(schema: ExtractSchema, data: unknown): ValidatedData {
  const problems = schema.validate(data);
  if (problems.length === 0) return { data, dropped: [] };
  if (Array.isArray(data)) {
    const kept = withoutInvalidItems(schema, data, problems);
    if (kept !== null) return kept;
  }
  return { data: null, dropped: [{ errors: describe(problems) }] };
}

function withoutInvalidItems(schema: ExtractSchema, items: readonly unknown[], problems: readonly ValueProblem[]): ValidatedData | null {
  const invalid = new Set(problems.map((problem) => itemIndexOf(problem.at)).filter((index): index is number => index !== null && index < items.length));
  if (invalid.size === 0) return null;
  const kept = items.filter((_item, index) => !invalid.has(index));
  if (schema.validate(kept).length > 0) return null;
  const dropped = [...invalid].sort((left, right) => left - right).map((index) => ({ index, errors: describe(problems.filter((problem) => itemIndexOf(problem.at) === index)) }));
  return { data: kept, dropped };
}

function itemIndexOf(at: string): number | null {
  const match = /^#\/(\d+)(?:\/|$)/.exec(at);
  return match === null ? null : Number(match[1]);
}

/** The specific messages (the validator's "did not match" roll-ups left out), at most a few. */
function describe(problems: readonly ValueProblem[]): string[] {
  const specific = problems.filter((problem) => !/did not match schema|subschema had errors|does not match schema/i.test(problem.message));
  return (specific.length > 0 ? specific : problems).slice(0, LISTED_ERRORS).map((problem) => `${problem.at}: ${problem.message}`);
}
