import type { Option } from 'commander';
import type { Operation } from '../../../../src/core/ops/operation';

/** One row of the shorthand table: the options it adds to a command and how they fill the input. */
export interface SugarRule {
  /** Whether the rule applies to the operation (its name and input fields). */
  applies(operation: Operation, fields: ReadonlySet<string>): boolean;
  options(): Option[];
  /** Rewrites raw option values before they are read as fields. */
  prepare?(options: Record<string, unknown>): void;
  apply(input: Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown>;
  /** The failure as the user should read it (what to pass next), or `error` itself. */
  explain?(error: unknown, options: Record<string, unknown>): unknown;
}
