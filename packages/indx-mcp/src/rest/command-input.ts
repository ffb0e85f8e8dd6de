import { Option } from 'commander';
import { IndxError } from '../../../../src/core/errors';
import type { Operation } from '../../../../src/core/ops/operation';
import { fieldType, inputSchemaOf, type FieldSchema } from '../../../../src/server/rest/input-fields';
import { deriveRoutes } from '../../../../src/server/rest/rest-route';

/** One input field as a command-line option (two for a boolean: `--x` and `--no-x`). */
export interface InputFlag {
  field: string;
  type: string | undefined;
  required: boolean;
  options: Option[];
}

/** How a command reads an operation's input: positional arguments, then one option per field. */
export interface CommandInput {
  /** Fields taken as optional positional arguments, in order. */
  positionals: { field: string; description: string }[];
  flags: InputFlag[];
}

/**
 * The command-line shape of `operation`'s input. Each field becomes `--field-name` (`--x` and
 * `--no-x` for a boolean, JSON for arrays and objects, a comma list also for arrays); a field
 * whose name a command option already uses (`reserved`, e.g. `vault`) becomes `--input-<name>`.
 * Positional: the route's path parameters (`note get <path>`, `tag notes <tag>`), else a `path`
 * field, else the only required text field (`search <q>`).
 */
export function describeCommandInput(operation: Operation, reserved: ReadonlySet<string>): CommandInput {
  const schema = inputSchemaOf(operation);
  const flags = Object.entries(schema.properties).map(([field, property]) => toFlag(field, property, schema.required.includes(field), reserved));
  return { positionals: positionalsOf(operation).map((field) => ({ field, description: schema.properties[field]?.description ?? field })), flags };
}

/**
 * The input a command line stands for: `--input` JSON, then positional arguments, then field
 * options, later sources winning. Values are converted by the field's type; bad JSON is
 * `invalid_input`.
 */
export function readCommandInput(shape: CommandInput, options: Record<string, unknown>, args: unknown[]): Record<string, unknown> {
  const input: Record<string, unknown> = { ...parseObject(options.input) };
  shape.positionals.forEach(({ field }, index) => {
    if (typeof args[index] === 'string') input[field] = args[index];
  });
  for (const flag of shape.flags) {
    const value = options[flag.options[0]?.attributeName() ?? flag.field];
    if (value !== undefined) input[flag.field] = convert(value, flag.type);
  }
  return input;
}

function positionalsOf(operation: Operation): string[] {
  const params = deriveRoutes([operation])[0]?.params.map((param) => param.field) ?? [];
  if (params.length > 0) return params;
  const schema = inputSchemaOf(operation);
  if ('path' in schema.properties) return ['path'];
  const text = schema.required.filter((field) => fieldType(schema.properties[field]) === 'string');
  return text.length === 1 ? text : [];
}

function toFlag(field: string, property: FieldSchema, required: boolean, reserved: ReadonlySet<string>): InputFlag {
  const name = (reserved.has(field) ? `input-${field}` : field).replace(/_/g, '-');
  const type = fieldType(property);
  const help = describeField(property, required);
  if (type === 'boolean') return { field, type, required, options: [new Option(`--${name}`, help), new Option(`--no-${name}`, `not ${field}`)] };
  const json = type === 'array' || type === 'object' || type === undefined;
  const option = new Option(`--${name} <${json ? 'json' : 'value'}>`, json ? `${help} (JSON${type === 'array' ? ' or a comma list' : ''})` : help);
  const choices = enumOf(property);
  return { field, type, required, options: [choices === null ? option : option.choices(choices)] };
}

function describeField(property: FieldSchema, required: boolean): string {
  const notes = [required ? 'required' : null, property.default === undefined || /default/i.test(property.description ?? '') ? null : `default: ${JSON.stringify(property.default)}`].filter((note) => note !== null);
  const text = property.description ?? '';
  return notes.length === 0 ? text : `${text} (${notes.join('; ')})`;
}

function enumOf(property: FieldSchema): string[] | null {
  const values = property.enum;
  return Array.isArray(values) && values.every((value): value is string => typeof value === 'string') ? values : null;
}

function convert(value: unknown, type: string | undefined): unknown {
  if (typeof value !== 'string') return value;
  if (type === 'number' || type === 'integer') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  if (type === 'array' && !value.trimStart().startsWith('[')) return value.split(',').map((item) => item.trim());
  if (type === 'array' || type === 'object' || type === undefined) return parseJson(value);
  return value;
}

function parseObject(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  const parsed = parseJson(value);
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  throw new IndxError('invalid_input', '--input must be a JSON object of input fields, e.g. --input \'{"path":"Note.md"}\'.', { input: value });
}

function parseJson(value: unknown): unknown {
  try {
    return JSON.parse(String(value)) as unknown;
  } catch {
    throw new IndxError('invalid_input', `Not valid JSON: ${String(value)}. Quote JSON for the shell, e.g. --ops '[{"op":"append_body","markdown":"text"}]'.`, { value });
  }
}
