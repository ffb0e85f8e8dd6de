import { IndxError } from '../../errors';

/**
 * The two ways a base can be refused before any row is evaluated. `base_invalid`: the YAML,
 * an expression or the structure is wrong (with where it is wrong). `base_unsupported`: the base
 * is well formed but uses a construct indx does not implement, named in `details.construct`.
 */
export function baseInvalid(where: string, problem: string, details: Record<string, unknown> = {}): IndxError {
  return new IndxError('base_invalid', `The base is invalid at ${where}: ${problem}. Fix the .base file and query again.`, { where, ...details });
}

/** `base_unsupported` naming the construct and where the base uses it. */
export function baseUnsupported(where: string, construct: string, problem: string): IndxError {
  return new IndxError('base_unsupported', `The base uses ${construct} at ${where}, which indx does not support: ${problem}. Rewrite that part with documented Bases functions.`, { where, construct });
}
