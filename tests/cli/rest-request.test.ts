import fc from 'fast-check';
import { toBase64 } from '../../src/core/attachments/base64';
import { ALL_OPERATIONS } from '../../src/core/ops/all-operations';
import type { Operation } from '../../src/core/ops/operation';
import { fieldType, inputSchemaOf, type FieldSchema } from '../../src/server/rest/input-fields';
import { matchRoute } from '../../src/server/rest/match-route';
import { readQuery } from '../../src/server/rest/read-query';
import { deriveRoutes } from '../../src/server/rest/rest-route';
import { callRest } from '../../packages/indx-mcp/src/rest/call-rest';
import { CommandFailure } from '../../packages/indx-mcp/src/rest/command-failure';
import type { HttpExchange, HttpReply } from '../../packages/indx-mcp/src/rest/send-http-request';
import { toRestRequest } from '../../packages/indx-mcp/src/rest/to-rest-request';

const ROUTES = deriveRoutes(ALL_OPERATIONS);
const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

/** Characters that URLs treat specially, plus non-ASCII: a vault path may hold any of them. */
const TEXT = fc.string({ unit: fc.constantFrom('a', 'Z', '0', 'é', '😀', ' ', '%', '/', '?', '#', '&', '=', '+', ',', '.', '-', '~', '"') });
/** A list item as a query string can carry it: no commas, no edge blanks, not empty. */
const LIST_ITEM = fc.string({ unit: fc.constantFrom('a', 'é', '%', '/', '#', '&', '=', '+', '.'), minLength: 1 });

/** A value the schema accepts, as far as the request shape is concerned (the server validates the rest). */
function valueFor(property: FieldSchema | undefined, inQuery: boolean, isParam: boolean): fc.Arbitrary<unknown> {
  const choices = property?.enum;
  if (Array.isArray(choices)) return fc.constantFrom(...(choices as unknown[]));
  switch (fieldType(property)) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: -5, max: 1000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 });
    case 'array':
      return fc.array(valueForItem(property?.items, inQuery), { maxLength: 3 });
    case 'object':
      return fc.dictionary(fc.constantFrom('status', 'a b', 'é'), fc.oneof(TEXT, fc.integer(), fc.constant(null)), { maxKeys: 2 });
    default:
      return isParam ? TEXT.filter((text) => text !== '') : TEXT;
  }
}

function valueForItem(items: FieldSchema | undefined, inQuery: boolean): fc.Arbitrary<unknown> {
  if (Array.isArray(items?.enum)) return fc.constantFrom(...(items.enum as unknown[]));
  if (inQuery || fieldType(items) === 'string') return LIST_ITEM;
  return fc.dictionary(fc.constantFrom('op', 'markdown'), TEXT, { maxKeys: 2 });
}

/** Inputs of `operation` with every subset of its fields. */
function inputsOf(operation: Operation): fc.Arbitrary<Record<string, unknown>> {
  const route = ROUTES.find((candidate) => candidate.operation === operation);
  const params = new Set(route?.params.map((param) => param.field));
  const inQuery = QUERY_METHODS.has(operation.http.method);
  const schema = inputSchemaOf(operation);
  const fields = Object.fromEntries(Object.entries(schema.properties).map(([field, property]) => [field, valueFor(property, inQuery, params.has(field))]));
  return fc.record(fields, { requiredKeys: [...params] });
}

describe('toRestRequest builds what the server reads back as the same input', () => {
  it.each(ALL_OPERATIONS.map((operation) => [operation.name, operation] as const))('%s: route, path parameters, query and body round-trip through the server\'s router', (_name, operation) => {
    fc.assert(
      fc.property(inputsOf(operation), (input) => {
        const request = toRestRequest(operation, input, ROUTES);
        const match = matchRoute(ROUTES, request.method, request.target);
        if ('allowed' in match) throw new Error(`no route for ${request.method} ${request.target}`);
        expect(match.route.operation.name).toBe(operation.name);
        const binary = operation.binary !== undefined && 'input' in operation.binary ? operation.binary.input : null;
        const raw = binary === null || request.bytes === undefined ? {} : { [binary]: toBase64(request.bytes) };
        expect({ ...readQuery(match.query, match.route.input), ...request.body, ...raw, ...match.params }).toEqual(input);
      }),
      { seed: 20261122, numRuns: 60 },
    );
  });

  it('keeps slashes readable and encodes the rest of a path parameter', () => {
    const read = ALL_OPERATIONS.find((operation) => operation.name === 'note_read') as Operation;
    expect(toRestRequest(read, { path: 'Daily/Café 100%.md', include: ['body', 'outline'] }, ROUTES).target).toBe('/v1/notes/Daily/Caf%C3%A9%20100%25.md?include=body%2Coutline');
  });

  it('sends the bytes of a binary input raw, the other fields in the query string; text that is not base64 stays in the JSON body', () => {
    const write = ALL_OPERATIONS.find((operation) => operation.name === 'attachment_write') as Operation;
    const request = toRestRequest(write, { path: 'img/a b.png', data: 'iVBORw0K', if_not_exists: true }, ROUTES);
    expect(request).toMatchObject({ method: 'PUT', target: '/v1/attachments/img/a%20b.png?if_not_exists=true', body: undefined });
    expect([...(request.bytes ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    expect(toRestRequest(write, { path: 'a.png', data: 'not base64!' }, ROUTES)).toEqual(expect.not.objectContaining({ bytes: expect.anything() as unknown }));
    expect(toRestRequest(write, { path: 'a.png', data: 'not base64!' }, ROUTES).body).toEqual({ data: 'not base64!' });
  });

  // note_outline is GET /v1/notes/{path}?include=outline: a note_read asking only for the outline must not land there.
  it('keeps note_read with include=[outline] off the note_outline route', () => {
    const read = ALL_OPERATIONS.find((operation) => operation.name === 'note_read') as Operation;
    const request = toRestRequest(read, { path: 'A.md', include: ['outline'] }, ROUTES);
    const match = matchRoute(ROUTES, request.method, request.target);
    expect('route' in match && match.route.operation.name).toBe('note_read');
    expect('route' in match && readQuery(match.query, match.route.input)).toEqual({ include: ['outline'] });
  });
});

describe('callRest', () => {
  const operation = (name: string): Operation => ALL_OPERATIONS.find((candidate) => candidate.name === name) as Operation;
  /** A fake server: records the exchange, answers `reply`. */
  function answering(reply: Partial<HttpReply>): { sent: HttpExchange[]; send: (url: string, exchange: HttpExchange) => Promise<HttpReply> } {
    const sent: HttpExchange[] = [];
    return { sent, send: (_url, exchange) => (sent.push(exchange), Promise.resolve({ status: 200, headers: {}, text: '', ...reply })) };
  }

  it('sends if_match as a quoted If-Match header, the token and the idempotency key as headers, the rest as the JSON body', async () => {
    const fake = answering({ text: JSON.stringify({ ok: true, data: { path: 'A.md' } }) });
    const output = await callRest({ url: 'http://127.0.0.1:1', token: 'secret', record: null }, operation('note_patch'), { path: 'A.md', if_match: '0123456789abcdef', ops: [] }, { idempotencyKey: 'k', send: fake.send });
    expect(output).toEqual({ path: 'A.md' });
    expect(fake.sent).toEqual([
      {
        method: 'PATCH',
        target: '/v1/notes/A.md',
        headers: { Accept: 'application/json', Authorization: 'Bearer secret', 'Content-Type': 'application/json', 'If-Match': '"0123456789abcdef"', 'Idempotency-Key': 'k' },
        body: '{"ops":[]}',
      },
    ]);
  });

  it('keeps a path → etag if_match map (an AI apply) in the body: the server checks it, nothing is written unconditionally', async () => {
    const fake = answering({ text: JSON.stringify({ ok: true, data: {} }) });
    const input = { scope: { kind: 'paths', paths: ['A.md'] }, apply: true, if_match: { 'A.md': '0123456789abcdef' } };
    await callRest({ url: 'http://127.0.0.1:1', token: 't', record: null }, operation('ai_tag'), input, { send: fake.send });
    expect(fake.sent[0]?.headers).not.toHaveProperty('If-Match');
    expect(JSON.parse(String(fake.sent[0]?.body ?? '{}'))).toEqual(input);
  });

  it('reads a HEAD answer from its status: 404 is exists: false, with the path normalised', async () => {
    const fake = answering({ status: 404 });
    expect(await callRest({ url: 'http://127.0.0.1:1', token: 't', record: null }, operation('note_exists'), { path: 'Daily/x' }, { send: fake.send })).toEqual({ path: 'Daily/x.md', exists: false });
    expect(fake.sent[0]?.method).toBe('HEAD');
  });

  it('throws the envelope\'s code, message and details, which may be codes this build does not know', async () => {
    const error = { code: 'ai_quota_exceeded', message: 'Daily cost ceiling reached.', details: { reset_at: '2026-11-23T00:00:00Z' } };
    const fake = answering({ status: 429, text: JSON.stringify({ ok: false, error }) });
    const failure = await callRest({ url: 'http://127.0.0.1:1', token: 't', record: null }, operation('vault_status'), {}, { send: fake.send }).catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(CommandFailure);
    expect({ ...(failure as CommandFailure), message: (failure as CommandFailure).message }).toMatchObject(error);
  });
});
