import { Validator } from '@cfworker/json-schema';
import { compileExtractSchema } from '../../../src/core/ai/extract/compile-extract-schema';
import { extractJsonSchema } from '../../../src/core/ai/extract/extract-json-schema';
import { validateExtractData } from '../../../src/core/ai/extract/validate-extract-data';
import { expectIndxError } from '../../helpers/expect-error';
import { ACTION_ITEMS } from './action-items-schema';


/** The caller's schema as embedded in the reply schema. */
function embeddedOf(wrapper: Record<string, unknown>): Record<string, unknown> {
  return (wrapper as { properties: { data: { anyOf: Record<string, unknown>[] } } }).properties.data.anyOf[0]!;
}

const schemaErrors = async (schema: unknown) => (await expectIndxError(Promise.resolve().then(() => compileExtractSchema(schema)), 'ai_schema_invalid')).errors;

describe('compileExtractSchema', () => {
  it('accepts the seed\'s action-items schema, 2020-12 $defs references and boolean schemas', () => {
    expect(() => compileExtractSchema(ACTION_ITEMS)).not.toThrow();
    expect(() => compileExtractSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { person: { type: 'string' } }, type: 'array', items: { $ref: '#/$defs/person' } })).not.toThrow();
    expect(() => compileExtractSchema(true)).not.toThrow();
  });

  it.each([
    ['a string', 'not a schema', '/'],
    ['an array', [{ type: 'string' }], '/'],
    ['an unknown type', { type: 'array', items: { type: 'strng' } }, '/items/type'],
    ['required that is not a list of names', { type: 'object', required: 'task' }, '/required'],
    ['a property that is not a schema', { type: 'object', properties: { task: 'string' } }, '/properties/task'],
    ['a $ref that resolves nowhere', { type: 'array', items: { $ref: '#/$defs/missing' } }, '/items/$ref'],
    ['a remote $ref (never fetched)', { $ref: 'https://example.com/schema.json' }, '/$ref'],
    ['the pre-2020 array form of items', { type: 'array', items: [{ type: 'string' }] }, '/items'],
    ['a pattern that does not compile', { type: 'string', pattern: '([a-z' }, '/pattern'],
    // The validator runs the pattern on model output inside the server: (a+)+ can backtrack for minutes.
    ['a pattern that can backtrack without end', { type: 'string', pattern: '^(a+)+$' }, '/pattern'],
    ['another draft\'s $schema', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' }, '/$schema'],
    ['a negative count', { type: 'string', minLength: -1 }, '/minLength'],
  ])('rejects %s with ai_schema_invalid and the place in details.errors', async (_what, schema, path) => {
    expect(await schemaErrors(schema)).toEqual(expect.arrayContaining([expect.objectContaining({ path })]) as unknown);
  });

  it('never modifies the caller\'s schema', () => {
    const schema = JSON.parse(JSON.stringify(ACTION_ITEMS)) as typeof ACTION_ITEMS;
    compileExtractSchema(schema).validate([{ task: 'x' }]);
    expect(schema).toEqual(ACTION_ITEMS);
    expect(Object.getOwnPropertyNames(schema)).toEqual(Object.getOwnPropertyNames(ACTION_ITEMS));
  });
});

describe('validateExtractData', () => {
  const schema = compileExtractSchema(ACTION_ITEMS);

  it('keeps valid data as it is', () => {
    const data = [{ task: 'Fix the alert', owner: 'Alice', due_date: '2026-05-09' }];
    expect(validateExtractData(schema, data)).toEqual({ data, dropped: [] });
  });

  it('drops only the invalid items of an array and says why for each', () => {
    const good = { task: 'Fix the alert', owner: 'Alice' };
    const result = validateExtractData(schema, [good, { task: 'Do', owner: 'Bob' }, { task: 'Write notes' }, { task: 'Plan', owner: 'Carol', due_date: 'next week' }]);
    expect(result.data).toEqual([good]);
    expect(result.dropped.map((dropped) => dropped.index)).toEqual([1, 2, 3]);
    expect(result.dropped[0]?.errors.join(' ')).toContain('too short');
    expect(result.dropped[1]?.errors.join(' ')).toContain('owner');
    expect(result.dropped[2]?.errors.join(' ')).toContain('format "date"');
  });

  it('drops the whole value when array-level rules still fail, or when it is not an array', () => {
    const bounded = compileExtractSchema({ ...ACTION_ITEMS, minItems: 2 });
    expect(validateExtractData(bounded, [{ task: 'Fix it', owner: 'A' }, { task: 'x', owner: 'B' }])).toEqual({ data: null, dropped: [{ errors: expect.any(Array) as unknown }] });
    expect(validateExtractData(schema, { task: 'Fix it' }).data).toBeNull();
  });
});

describe('extractJsonSchema', () => {
  it('embeds the caller\'s schema as nullable data with its document references rebased, so replies validate against the whole', () => {
    const caller = { $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { item: { type: 'object', required: ['task'], properties: { task: { type: 'string' }, sub: { $ref: '#/$defs/item' } } } }, type: 'array', items: { $ref: '#/$defs/item' }, examples: [{ $ref: '#/kept-as-data' }] };
    const wrapper = extractJsonSchema(caller);
    const embedded = embeddedOf(wrapper);
    expect(embedded.$schema).toBeUndefined();
    expect(embedded.items).toEqual({ $ref: '#/properties/data/anyOf/0/$defs/item' });
    expect(embedded.examples).toEqual([{ $ref: '#/kept-as-data' }]);
    const validator = new Validator(wrapper, '2020-12', false);
    expect(validator.validate({ data: [{ task: 'a', sub: { task: 'b' } }], confidence: 1, citations: [] }).valid).toBe(true);
    expect(validator.validate({ data: [{ sub: { task: 'b' } }], confidence: 1, citations: [] }).valid).toBe(false);
    expect(validator.validate({ data: null, confidence: 0, citations: [] }).valid).toBe(true);
  });

  it('leaves a schema with its own $id as it is (its references already resolve against it)', () => {
    const caller = { $id: 'https://example.com/items', $defs: { item: { type: 'string' } }, type: 'array', items: { $ref: '#/$defs/item' } };
    expect(embeddedOf(extractJsonSchema(caller))).toEqual(caller);
  });
});
