import { Validator } from '@cfworker/json-schema';
import { z } from 'zod';
import { advertisedInput, advertisedOutput } from '../../../src/server/mcp/advertised-schema';

// Issue 13: the catalog's schemas are derived from the zod ones; what they may drop, merge or share
// without changing what a valid call or result is.

const jsonOf = (schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> => schema['~standard'].jsonSchema[io]({ target: 'draft-2020-12' });

const scope = z.discriminatedUnion('kind', [z.object({ kind: z.literal('paths'), paths: z.array(z.string()).describe('Note paths, one after another, as many as needed.') }).strict(), z.object({ kind: z.literal('tag').describe('notes with a tag'), tag: z.string().describe('The tag, with or without #, nested tags included.') }).strict()]).describe('Notes to read.');

test('tagged variants merge into one object: the tag an enum describing each value and what it needs', () => {
  const advertised = advertisedInput(jsonOf(z.object({ scope }), 'input'));
  expect(advertised).toEqual({
    type: 'object',
    properties: {
      scope: {
        description: 'Notes to read.',
        type: 'object',
        properties: { kind: { enum: ['paths', 'tag'], description: 'paths; tag: notes with a tag' }, paths: { type: 'array', items: { type: 'string' }, description: 'Note paths, one after another, as many as needed.' }, tag: { type: 'string', description: 'The tag, with or without #, nested tags included.' } },
        required: ['kind'],
      },
    },
    required: ['scope'],
  });
});

test('an enum value says the fields it needs unless it is the name of the one field it needs', () => {
  const pick = z.discriminatedUnion('by', [z.object({ by: z.literal('path'), path: z.string().describe('A note.') }).strict(), z.object({ by: z.literal('glob'), path_glob: z.string().describe('A glob.') }).strict(), z.object({ by: z.literal('range'), from: z.number().describe('First.'), to: z.number().describe('Last.') }).strict()]);
  const advertised = advertisedInput(jsonOf(z.object({ pick: pick.describe('What to pick.') }), 'input')) as { properties: { pick: { properties: { by: unknown } } } };
  expect(advertised.properties.pick.properties.by).toEqual({ enum: ['path', 'glob', 'range'], description: 'path; glob (needs path_glob); range (needs from, to)' });
});

test('bounds a model never needs are left out: string lengths, an integer floor of 0 or 1; other bounds stay', () => {
  const input = z.object({
    language: z.string().min(2).max(35).describe('BCP 47.'),
    count: z.number().int().min(1).max(50).describe('How many.'),
    hops: z.number().int().min(0).max(3).describe('Link hops.'),
    from: z.number().int().min(2).describe('From.'),
    score: z.number().min(0).max(1).describe('Min score.'),
  });
  expect(advertisedInput(jsonOf(input, 'input')).properties).toEqual({
    language: { type: 'string', description: 'BCP 47.' },
    count: { type: 'integer', maximum: 50, description: 'How many.' },
    hops: { type: 'integer', maximum: 3, description: 'Link hops.' },
    from: { type: 'integer', minimum: 2, description: 'From.' },
    score: { type: 'number', minimum: 0, maximum: 1, description: 'Min score.' },
  });
});

test('a subschema repeated in one tool is written once under $defs; equal property maps of different objects are left alone', () => {
  const advertised = advertisedInput(jsonOf(z.object({ source: scope, candidates: scope.optional().describe('Only these.') }), 'input'));
  expect(advertised.properties).toEqual({ source: { description: 'Notes to read.', $ref: '#/$defs/source' }, candidates: { description: 'Only these.', $ref: '#/$defs/source' } });
  expect(Object.keys(advertised.$defs as object)).toEqual(['source']);
  const valid = new Validator(advertised, '2020-12');
  expect(valid.validate({ source: { kind: 'tag', tag: 'x' }, candidates: { kind: 'paths', paths: ['a.md'] } }).valid).toBe(true);
  expect(valid.validate({ source: { kind: 'nope' } }).valid).toBe(false);
  const fields = { name: z.string().describe('A name long enough that these properties weigh two hundred characters or more as JSON text.'), note: z.string().describe('Another long description so that the property map of each object passes the sharing threshold.') };
  const twoObjects = advertisedInput(jsonOf(z.object({ a: z.object(fields), b: z.object(fields).partial() }), 'input'));
  expect(twoObjects.$defs).toBeUndefined();
  expect(JSON.stringify(twoObjects)).not.toContain('$ref');
});

test('write-only inputs leave a read-only catalog wherever they sit; output schemas keep the top-level types and accept every real output', () => {
  const input = z.object({ apply: z.boolean().optional().describe('Write it.'), write: z.object({ path: z.string().describe('Where.') }).optional().describe('Save it.'), path: z.string().describe('The note.') });
  expect(Object.keys((advertisedInput(jsonOf(input, 'input'), ['apply', 'write']).properties ?? {}))).toEqual(['path']);
  const output = z.object({ path: z.string(), etag: z.string().nullable(), items: z.array(z.object({ a: z.number().int() })), extra: z.record(z.string(), z.unknown()).optional() });
  const advertised = advertisedOutput(jsonOf(output, 'output'));
  expect(advertised).toEqual({ type: 'object', properties: { path: { type: 'string' }, etag: { anyOf: [{ type: 'string' }, { type: 'null' }] }, items: { type: 'array' }, extra: { type: 'object' } } });
  const validate = new Validator(advertised, '2020-12');
  for (const value of [{ path: 'a', etag: null, items: [] }, { path: 'a', etag: 'e', items: [{ a: 1 }], extra: { x: [1, { y: null }] } }]) expect(validate.validate(value).valid).toBe(true);
});
