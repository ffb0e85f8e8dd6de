import * as z from 'zod';
import { IndxError, isIndxError } from '../errors';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../json-depth';
import type { Operation, Scope } from './operation';
import type { OperationContext } from './operation-context';
import { hasScope } from './scopes';

/** The result of one invocation: the validated output and its one-line summary. */
export interface Invocation {
  output: unknown;
  summary: string;
}

/**
 * The one list of operations every surface is derived from. `invoke` validates input, checks
 * scope, runs the handler and validates the output against the declared schema.
 */
export class OperationRegistry {
  private readonly byName = new Map<string, Operation>();

  constructor(operations: readonly Operation[]) {
    for (const operation of operations) this.byName.set(operation.name, operation);
  }

  /** Every operation, in definition order. */
  list(): Operation[] {
    return [...this.byName.values()];
  }

  /** The operations a caller with `scopes`, limited to `tools` when given (its token's profile), may see and call. */
  visibleTo(scopes: readonly Scope[], tools?: readonly string[]): Operation[] {
    return this.list().filter((operation) => hasScope(scopes, operation.scope) && (tools === undefined || tools.includes(operation.name)));
  }

  /** The operation called `name`, or `unknown_operation`. */
  get(name: string): Operation {
    const operation = this.byName.get(name);
    if (operation === undefined) throw new IndxError('unknown_operation', `There is no operation "${name}".`, { name, known: [...this.byName.keys()] });
    return operation;
  }

  /**
   * Validates `input`, checks `scopes`, runs the operation and validates its output. `beforeWrite`
   * runs first when the call writes (a write operation, or a read one whose `writesWhen` says so):
   * the engine refuses there when writes are switched off. `tools`: the caller's tool limit; any
   * other operation is `forbidden`.
   */
  async invoke(name: string, input: unknown, context: OperationContext, scopes: readonly Scope[], beforeWrite: () => Promise<void> = () => Promise.resolve(), tools?: readonly string[]): Promise<Invocation> {
    const operation = this.get(name);
    if (tools !== undefined && !tools.includes(name)) throw new IndxError('forbidden', `This token is limited to the tools ${tools.join(', ')}; ${name} is not one of them. Use a token with a wider profile.`, { operation: name, allowed: [...tools] });
    requireScope(operation, operation.scope, scopes);
    const parsed = parseInput(operation, input ?? {});
    const writes = operation.scope === 'vault:write' || operation.writesWhen?.(parsed) === true;
    if (writes) {
      requireScope(operation, 'vault:write', scopes);
      await beforeWrite();
    }
    const raw = await runWrapped(operation, parsed, context);
    const output: unknown = operation.output.parse(raw);
    return { output, summary: operation.summarize(output) };
  }
}

function requireScope(operation: Operation, scope: Scope, granted: readonly Scope[]): void {
  if (hasScope(granted, scope)) return;
  const why = scope === operation.scope ? '' : ' for this input (it writes to the vault)';
  throw new IndxError('forbidden', `${operation.name} needs the ${scope} scope${why}.`, { required: scope, granted });
}

function parseInput(operation: Operation, input: unknown): unknown {
  if (exceedsJsonDepth(input)) throw new IndxError('invalid_input', `Invalid input for ${operation.name}: it nests deeper than ${MAX_JSON_DEPTH} levels.`, { max_depth: MAX_JSON_DEPTH });
  rejectUnknownFields(operation, input);
  // Array lengths first: 100,000 patch ops are refused without validating each of them.
  const lengths = lengthChecksOf(operation)?.safeParse(input);
  if (lengths?.success === false) throw invalidInput(operation, lengths.error);
  const parsed = operation.input.safeParse(input);
  if (parsed.success) return parsed.data;
  throw invalidInput(operation, parsed.error);
}

function invalidInput(operation: Operation, error: z.ZodError): IndxError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const where = first === undefined ? '' : ` (${first.path === '' ? 'input' : first.path}: ${first.message})`;
  return new IndxError('invalid_input', `Invalid input for ${operation.name}${where}. See the tool's input schema.`, { issues });
}

const lengthChecks = new WeakMap<Operation, z.ZodType | null>();

/**
 * The input's top-level arrays with their length checks (`.min`, `.max`, same messages) and any
 * items: a schema that refuses an over-long list before its items are validated one by one.
 * Null when the input has no such array.
 */
function lengthChecksOf(operation: Operation): z.ZodType | null {
  if (lengthChecks.has(operation)) return lengthChecks.get(operation) ?? null;
  let checks: z.ZodType | null = null;
  if (operation.input instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    const fields: Record<string, z.ZodType> = operation.input.shape;
    for (const [key, field] of Object.entries(fields)) {
      const array = unwrapped(field);
      // The checks test only the array's length, so they apply to a list of anything.
      const arrayChecks = (array instanceof z.ZodArray ? (array.def.checks ?? []) : []) as z.core.$ZodCheck<unknown[]>[];
      if (arrayChecks.length > 0) shape[key] = z.array(z.unknown()).check(...arrayChecks).optional();
    }
    if (Object.keys(shape).length > 0) checks = z.object(shape);
  }
  lengthChecks.set(operation, checks);
  return checks;
}

/** The schema inside `.optional()`, `.nullable()` and `.default()` wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) inner = inner.def.innerType as z.ZodType;
  return inner;
}

/**
 * Unknown top-level fields are an error, not silently dropped: a mistyped precondition (`etag`
 * for `if_match`) must never turn into an unconditional write.
 */
function rejectUnknownFields(operation: Operation, input: unknown): void {
  if (!(operation.input instanceof z.ZodObject) || typeof input !== 'object' || input === null || Array.isArray(input)) return;
  const known = Object.keys(operation.input.shape);
  const unknown = Object.keys(input).filter((key) => !known.includes(key));
  if (unknown.length === 0) return;
  throw new IndxError('invalid_input', `Unknown field${unknown.length === 1 ? '' : 's'} for ${operation.name}: ${unknown.join(', ')}. Expected only: ${known.join(', ') || '(none)'}.`, { unknown, expected: known });
}

async function runWrapped(operation: Operation, input: unknown, context: OperationContext): Promise<unknown> {
  try {
    return await operation.run(input, context);
  } catch (error: unknown) {
    if (isIndxError(error)) throw error;
    if (error instanceof z.ZodError) throw new IndxError('internal_error', `${operation.name} produced an invalid result.`, {}, { cause: error });
    throw new IndxError('internal_error', `${operation.name} failed unexpectedly.`, {}, { cause: error });
  }
}
