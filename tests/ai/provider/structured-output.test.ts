import { isStrictJsonSchema } from '../../../src/core/ai/chat/is-strict-json-schema';
import { parseStructuredText, stripJsonFences } from '../../../src/core/ai/chat/parse-structured-text';

describe('parseStructuredText', () => {
  it.each([
    ['bare JSON', '{"a":1}', { a: 1 }],
    ['surrounding whitespace', '\n  {"a":1}  \n', { a: 1 }],
    ['a ```json fence', '```json\n{"a":1}\n```', { a: 1 }],
    ['a bare ``` fence', '```\n[1,2]\n```', [1, 2]],
    ['an unclosed fence', '```json\n{"a":1}', { a: 1 }],
  ])('reads %s', (_name, text, expected) => {
    expect(parseStructuredText(text)).toEqual({ ok: true, value: expected });
  });

  it.each([['prose', 'Here you go: {"a":1}'], ['nothing', ''], ['a fence around prose', '```\nnot json\n```']])('refuses %s', (_name, text) => {
    expect(parseStructuredText(text)).toEqual({ ok: false });
  });

  it('leaves backticks inside JSON strings alone', () => {
    expect(stripJsonFences('{"code":"```js\\nx\\n```"}')).toBe('{"code":"```js\\nx\\n```"}');
  });
});

describe('isStrictJsonSchema', () => {
  const strictObject = (properties: Record<string, unknown>): Record<string, unknown> => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });

  it('accepts nested objects that require every property and forbid others', () => {
    expect(isStrictJsonSchema(strictObject({ items: { type: 'array', items: strictObject({ path: { type: 'string' }, line: { type: ['integer', 'null'] } }) } }))).toBe(true);
  });

  it.each([
    ['an optional property', { type: 'object', properties: { a: { type: 'string' } }, required: [], additionalProperties: false }],
    ['extra properties allowed', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }],
    ['a loose object inside an array', strictObject({ list: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } } })],
    ['a loose object in anyOf', strictObject({ value: { anyOf: [{ type: 'string' }, { type: 'object', properties: {} }] } })],
    ['a loose definition', { ...strictObject({ a: { $ref: '#/$defs/thing' } }), $defs: { thing: { type: 'object', properties: { b: { type: 'string' } } } } }],
  ])('refuses %s', (_name, schema) => {
    expect(isStrictJsonSchema(schema)).toBe(false);
  });

  it('does not mistake a property named "properties" for a schema keyword', () => {
    expect(isStrictJsonSchema(strictObject({ properties: { type: 'string' }, type: { type: 'string' } }))).toBe(true);
  });
});
