import type { Operation } from './operation';

/**
 * The AI provider role a call of `operation` with `input` needs before it runs: its `requires`,
 * or none when its `requiresWhen` says this input uses no provider. An input that does not parse
 * keeps `requires` (the call fails on that input anyway).
 */
export function requiredAiRole(operation: Operation, input: unknown): Operation['requires'] {
  if (operation.requires === undefined || operation.requiresWhen === undefined) return operation.requires;
  const parsed = operation.input.safeParse(input ?? {});
  return !parsed.success || operation.requiresWhen(parsed.data) ? operation.requires : undefined;
}
