import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ALL_OPERATIONS } from '../../src/core/ops/all-operations';
import { OperationRegistry } from '../../src/core/ops/registry';
import { SHARED } from '../helpers/temp-vault';

type JsonSchema = { description?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; type?: string };

/** Paths of object properties that carry no description, anywhere in a JSON schema. */
function undescribedFields(schema: JsonSchema, at = ''): string[] {
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, child]) => [...(child.description === undefined ? [`${at}${name}`] : []), ...undescribedFields(child, `${at}${name}.`)]);
  const nested = [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((child): child is JsonSchema => child !== undefined).flatMap((child) => undescribedFields(child, at));
  return [...own, ...nested];
}

/** The MCP tool ↔ HTTP ↔ CLI rows of seed 000 §7, parsed from the seed text itself. */
function seedMapping(): Map<string, { http: string; cli: string }> {
  const text = readFileSync(join(SHARED, 'seeds', '000_04db0f7434df8725.txt'), 'utf8');
  const table = text.slice(text.indexOf('MCP tool ↔ HTTP ↔ CLI'), text.indexOf('8. Worked examples'));
  const row = /((?:note|vault|link|tag|canvas|base|ai)_[a-z_]+) (GET|POST|PUT|PATCH|DELETE|HEAD) (\S+) indx (.+?)(?=(?:note|vault|link|tag|canvas|base|ai)_[a-z_]+ (?:GET|POST|PUT|PATCH|DELETE|HEAD) |8\.|$)/gs;
  const rows = new Map<string, { http: string; cli: string }>();
  for (const match of table.matchAll(row)) rows.set(match[1] ?? '', { http: `${match[2] ?? ''} ${match[3] ?? ''}`, cli: (match[4] ?? '').trim() });
  return rows;
}

describe('the operation registry', () => {
  it('describes every input and output field for the model', () => {
    const missing = ALL_OPERATIONS.flatMap((operation) => [
      ...undescribedFields(z.toJSONSchema(operation.input, { io: 'input' }) as JsonSchema).map((field) => `${operation.name} input ${field}`),
      ...undescribedFields(z.toJSONSchema(operation.output, { io: 'output' }) as JsonSchema).map((field) => `${operation.name} output ${field}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('matches the MCP tool ↔ HTTP ↔ CLI table of seed 000 §7 for every operation', () => {
    const seed = seedMapping();
    expect(seed.size).toBeGreaterThanOrEqual(30);
    const mismatches = ALL_OPERATIONS.map((operation) => ({ name: operation.name, ours: { http: `${operation.http.method} ${operation.http.path}`, cli: operation.cli.join(' ') }, seed: seed.get(operation.name) })).filter((row) => JSON.stringify(row.ours) !== JSON.stringify(row.seed));
    expect(mismatches).toEqual([]);
  });

  it('shows read tokens only read operations', () => {
    const registry = new OperationRegistry(ALL_OPERATIONS);
    const readable = registry.visibleTo(['vault:read']).map((operation) => operation.name);
    expect(readable).not.toContain('note_write');
    expect(readable).toContain('note_read');
    expect(registry.visibleTo(['vault:write']).map((operation) => operation.name)).toContain('note_patch');
  });

  it('keeps the catalog stable (schema changes show up in review)', () => {
    const catalog = ALL_OPERATIONS.map((operation) => ({
      name: operation.name,
      title: operation.title,
      description: operation.description,
      scope: operation.scope,
      annotations: operation.annotations,
      inputSchema: z.toJSONSchema(operation.input, { io: 'input' }),
      outputSchema: z.toJSONSchema(operation.output, { io: 'output' }),
    }));
    expect(catalog).toMatchSnapshot();
  });
});
