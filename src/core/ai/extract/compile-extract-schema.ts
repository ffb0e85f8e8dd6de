import { Validator, type Schema } from '@cfworker/json-schema';
import { IndxError } from '../../errors';
import { findSchemaProblems, type SchemaProblem } from './find-schema-problems';
import { findUnresolvedRefs } from './find-unresolved-refs';

/** One failure of a value against the caller's schema: where in the value, and what. */
export interface ValueProblem {
  /** JSON Pointer into the value, `#`-prefixed as the validator reports it (`#/2/owner`). */
  at: string;
  message: string;
}

/** A caller's schema, checked and ready to validate extracted data. */
export interface ExtractSchema {
  /** The schema as given (never modified). */
  schema: Record<string, unknown> | boolean;
  /** The failures of `value` against the schema (empty when valid). */
  validate(value: unknown): ValueProblem[];
}

/** The most problems listed in an ai_schema_invalid error. */
const LISTED_PROBLEMS = 20;

/**
 * Checks a caller-supplied JSON Schema (2020-12 subset) and compiles it with
 * `@cfworker/json-schema` (no code generation, so it runs in the plugin too). Throws
 * `ai_schema_invalid` with details.errors[{path, message}] when it is not an object or boolean,
 * breaks a keyword's rules (unknown `type`, malformed `required`, a regex that does not compile,
 * another draft's `$schema`…) or holds a `$ref` that resolves nowhere in it.
 */
export function compileExtractSchema(schema: unknown): ExtractSchema {
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) throw schemaInvalid([{ path: '/', message: 'a schema must be a JSON object or a boolean' }]);
  const usable = schema as Record<string, unknown> | boolean;
  const problems = findSchemaProblems(usable);
  if (problems.length === 0) problems.push(...findUnresolvedRefs(usable));
  if (problems.length > 0) throw schemaInvalid(problems);
  const validator = new Validator(JSON.parse(JSON.stringify(usable)) as Schema | boolean, '2020-12', false);
  return { schema: usable, validate: (value) => validateWith(validator, value) };
}

function validateWith(validator: Validator, value: unknown): ValueProblem[] {
  try {
    const result = validator.validate(value);
    return result.valid ? [] : result.errors.map((error) => ({ at: error.instanceLocation, message: error.error }));
  } catch (error: unknown) {
    // The validator throws on what the up-front checks could not foresee; the value counts as invalid.
    return [{ at: '#', message: error instanceof Error ? error.message : 'the value could not be validated' }];
  }
}

function schemaInvalid(problems: readonly SchemaProblem[]): IndxError {
  const first = problems[0];
  const summary = first === undefined ? '' : ` (${first.path}: ${first.message}${problems.length > 1 ? `; and ${problems.length - 1} more` : ''})`;
  return new IndxError('ai_schema_invalid', `The schema is not a valid JSON Schema 2020-12 this runtime accepts${summary}. Fix it and call again; nothing was sent to the model.`, {
    errors: problems.slice(0, LISTED_PROBLEMS).map((problem) => ({ ...problem })),
    count: problems.length,
  });
}
