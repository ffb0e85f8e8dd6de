import * as z from 'zod';
import { IndxError } from '../../../core/errors';
import { isCalendarDate } from '../../../core/dates/calendar-date';

/** An optional `YYYY-MM-DD` calendar date argument. */
export function dateArgument(description: string) {
  return z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD').refine(isCalendarDate, 'no such calendar date').optional().describe(description);
}

/** An optional boolean argument; MCP sends `"true"`/`"false"` (also yes/no, 1/0, on/off). */
export function booleanArgument(description: string) {
  return z.union([z.boolean(), z.stringbool()]).optional().describe(description);
}

/** An optional whole-number argument between 1 and `maximum`; MCP sends it as a string. */
export function countArgument(maximum: number, description: string) {
  return z.coerce.number().int().min(1).max(maximum).optional().describe(description);
}

/** Validates `args` against a prompt's schema; `invalid_input` naming the first bad argument. */
export function parsePromptArguments<Schema extends z.ZodObject>(prompt: string, schema: Schema, args: Record<string, unknown>): z.output<Schema> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const where = first === undefined ? '' : ` (${first.path === '' ? 'arguments' : first.path}: ${first.message})`;
  throw new IndxError('invalid_input', `Invalid arguments for the ${prompt} prompt${where}. See the prompt's argument list.`, { issues });
}
