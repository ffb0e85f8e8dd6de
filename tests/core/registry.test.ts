import { z } from 'zod';
import { ALL_OPERATIONS } from '../../src/core/ops/all-operations';
import { OperationRegistry } from '../../src/core/ops/registry';
import { seedRows } from '../helpers/seed-table';

type JsonSchema = { description?: string; const?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; type?: string };

/**
 * Paths of object properties that carry no description, anywhere in a JSON schema. A variant's
 * `const` tag (`kind: "paths"`) may go undescribed: the advertised schema merges the variants
 * and describes the tag by its values and the fields each needs.
 */
function undescribedFields(schema: JsonSchema, at = ''): string[] {
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, child]) => [...(child.description === undefined && child.const === undefined ? [`${at}${name}`] : []), ...undescribedFields(child, `${at}${name}.`)]);
  const nested = [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((child): child is JsonSchema => child !== undefined).flatMap((child) => undescribedFields(child, at));
  return [...own, ...nested];
}

/** Operations added after seed 000 §7's table (issue 17: attachments on every surface), in registry order. */
describe('the operation registry', () => {
  it('describes every input and output field for the model', () => {
    const missing = ALL_OPERATIONS.flatMap((operation) => [
      ...undescribedFields(z.toJSONSchema(operation.input, { io: 'input' }) as JsonSchema).map((field) => `${operation.name} input ${field}`),
      ...undescribedFields(z.toJSONSchema(operation.output, { io: 'output' }) as JsonSchema).map((field) => `${operation.name} output ${field}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('matches the MCP tool ↔ HTTP ↔ CLI table of seed 000 §7 (and the operations added since, docs/surface-mapping.md) for every operation', () => {
    const seed = new Map(seedRows().map((row) => [row.tool, { http: `${row.method} ${row.path}`, cli: row.cli }]));
    expect(seed.size).toBe(ALL_OPERATIONS.length);
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
