import { metadataInputSchema } from '../../../src/core/ai/metadata/metadata-input-schema';

const scope = { kind: 'paths', paths: ['A.md'] };
const parse = (fields: unknown[]) => metadataInputSchema.safeParse({ scope, fields });

describe('metadata field specs are checked when the input is parsed', () => {
  it('accepts a well-formed spec list', () => {
    expect(parse([{ key: 'status', type: 'enum', enum: ['a', 'b'], default: 'a' }, { key: 'code', type: 'string', pattern: '^[A-Z]+$' }]).success).toBe(true);
  });

  it.each([
    ['an invalid regular expression', { key: 'code', type: 'string', pattern: '([a-z' }],
    // The pattern runs on model output in the server: nested quantifiers can backtrack for minutes on one value.
    ['a pattern with nested quantifiers', { key: 'code', type: 'string', pattern: '^(a+)+$' }],
    ['a pattern with a back-reference', { key: 'code', type: 'string', pattern: '^(\\w+)\\1$' }],
    ['a pattern repeating a nested group', { key: 'code', type: 'string', pattern: '^((a)+)+$' }],
    ['a pattern repeating an alternation', { key: 'code', type: 'string', pattern: '^(a|aa)*$' }],
    ['a pattern with many unbounded quantifiers', { key: 'code', type: 'string', pattern: '^\\d*\\d*\\d*\\d*$' }],
    ['an enum without values', { key: 'status', type: 'enum' }],
    ['an enum list without values', { key: 'states', type: 'list', list_item_type: 'enum' }],
    ['min above max', { key: 'score', type: 'number', min: 5, max: 1 }],
    ['a default that is not a valid value', { key: 'status', type: 'enum', enum: ['a'], default: 'b' }],
    ['a default date that is not a date', { key: 'due', type: 'date', default: 'soon' }],
    ['a list of lists', { key: 'nested', type: 'list', list_item_type: 'list' }],
    ['an unknown type', { key: 'x', type: 'json' }],
  ])('rejects %s', (_what, spec) => {
    expect(parse([spec]).success).toBe(false);
  });

  it('rejects the same key twice', () => {
    expect(parse([{ key: 'a', type: 'string' }, { key: 'a', type: 'number' }]).success).toBe(false);
  });
});
