import { z } from 'zod';
import { Command } from 'commander';
import type { Operation } from '../../../../src/core/ops/operation';
import { ALL_OPERATIONS } from '../../../../src/core/ops/all-operations';
import { locateStateDir } from '../../../../src/hosts/node/file-storage';
import { acquireWriteLock } from '../../../../src/hosts/node/write-lock';
import { resolve } from 'node:path';
import { openVault } from '../open-vault';
import { reportError } from '../report-error';

interface JsonSchemaProperty {
  type?: string;
  description?: string;
}

/**
 * Derives one CLI command per registry operation (`indx note get`, `indx tag rename`, …) from
 * its `cli` words and input schema: each input field becomes `--field-name`; arrays and objects
 * take JSON; `--input` takes the whole input as JSON. Output is the operation's JSON result.
 */
export function registerOperationCommands(program: Command): void {
  const groups = new Map<string, Command>();
  for (const operation of ALL_OPERATIONS) {
    // Words are nested commands (`vault config get`); a trailing `--flag` word (`vault index
    // --rebuild`, as the seed spells it) is a switch the command requires.
    const words = operation.cli.filter((word) => !word.startsWith('--'));
    const name = words.pop();
    if (name === undefined) continue;
    const parent = words.reduce((outer, word, index) => groupFor(groups, outer, words.slice(0, index + 1).join(' '), word), program);
    addOperationCommand(parent, name, operation, operation.cli.filter((word) => word.startsWith('--')));
  }
}

function groupFor(groups: Map<string, Command>, outer: Command, key: string, word: string): Command {
  let group = groups.get(key);
  if (group === undefined) groups.set(key, (group = outer.command(word).description(`${key} operations`)));
  return group;
}

function addOperationCommand(parent: Command, name: string, operation: Operation, switches: string[]): void {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchemaProperty> };
  const properties = schema.properties ?? {};
  const command = parent.command(name).description(`${operation.title} (${operation.name}). ${operation.description}`);
  command.requiredOption('--vault <dir>', 'vault folder').option('--input <json>', 'the whole input as a JSON object').option('--summary', 'print the one-line summary instead of JSON');
  for (const flag of switches) command.requiredOption(flag, `required switch (${operation.name})`);
  if ('path' in properties) command.argument('[path]', 'vault-relative path');
  for (const [field, property] of Object.entries(properties)) addFieldOption(command, field, property);
  command.action(async (...args: unknown[]) => {
    const options = command.opts<Record<string, unknown>>();
    const positional = 'path' in properties && typeof args[0] === 'string' ? { path: args[0] } : {};
    process.exitCode = await runOperation(operation, String(options.vault), { ...parseJson(options.input), ...positional, ...fieldsFrom(options, properties) }, options.summary === true);
  });
}

function addFieldOption(command: Command, field: string, property: JsonSchemaProperty): void {
  const flag = field.replace(/_/g, '-');
  const help = property.description ?? field;
  if (property.type === 'boolean') command.option(`--${flag}`, help).option(`--no-${flag}`, `not ${field}`);
  else if (property.type === 'array' || property.type === 'object' || property.type === undefined) command.option(`--${flag} <json>`, `${help} (JSON)`);
  else command.option(`--${flag} <value>`, help);
}

function fieldsFrom(options: Record<string, unknown>, properties: Record<string, JsonSchemaProperty>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(properties)) {
    const value = options[camelCase(field)];
    if (value === undefined) continue;
    input[field] = convert(value, property);
  }
  return input;
}

function convert(value: unknown, property: JsonSchemaProperty): unknown {
  if (typeof value !== 'string') return value;
  if (property.type === 'number' || property.type === 'integer') return Number(value);
  if (property.type === 'array' && !value.trimStart().startsWith('[')) return value.split(',').map((item) => item.trim());
  if (property.type === 'array' || property.type === 'object' || property.type === undefined) return parseJson(value);
  return value;
}

function parseJson(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return {};
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    throw new Error(`Not valid JSON: ${value}`);
  }
}

function camelCase(field: string): string {
  return field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

async function runOperation(operation: Operation, vault: string, input: Record<string, unknown>, summaryOnly: boolean): Promise<number> {
  const release = operation.scope === 'vault:read' ? undefined : await acquireWriteLock(locateStateDir(resolve(vault)));
  const opened = await openVault(vault);
  try {
    const result = await opened.engine.call(operation.name, input);
    process.stdout.write(summaryOnly ? `${result.summary}\n` : `${JSON.stringify(result.output, null, 2)}\n`);
    return 0;
  } catch (error: unknown) {
    return reportError(error);
  } finally {
    await opened.close();
    await release?.();
  }
}
