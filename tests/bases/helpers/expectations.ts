import { EvaluationError } from '../../../src/core/bases/evaluate/evaluation-error';
import type { JsonValue } from '../../../src/core/bases/values/value-json';
import type { EvaluateOptions, ExpressionVault } from './expression-harness';

/** `[expression, expected JSON value]` rows for `it.each`. */
export type ValueCase = [string, JsonValue];

/** Asserts an expression's value in the JSON form `base_query` returns. */
export function expectValue(vault: ExpressionVault, source: string, expected: JsonValue, options?: EvaluateOptions): void {
  expect([source, vault.json(source, options)]).toEqual([source, expected]);
}

/** Asserts that evaluating fails with an `EvaluationError` whose message contains `fragment`. */
export function expectEvaluationError(vault: ExpressionVault, source: string, fragment: string, options?: EvaluateOptions): void {
  let caught: unknown;
  try {
    vault.value(source, options);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(EvaluationError);
  expect((caught as Error).message).toContain(fragment);
}
