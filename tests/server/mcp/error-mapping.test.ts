import { ProtocolError } from '@modelcontextprotocol/server';
import { IndxError } from '../../../src/core/errors';
import { paginate } from '../../../src/server/mcp/paginate';
import { toProtocolError } from '../../../src/server/mcp/to-protocol-error';
import { toToolErrorResult } from '../../../src/server/mcp/tool-result';

// Each edge translates once (house style): tool failures become isError results with
// {code, message, details}; resource and prompt failures JSON-RPC errors with the code in data.
// Security: nothing but an IndxError's own message ever leaves the process.

test('an IndxError becomes an isError result: code, message and details as text and under _meta, no structuredContent', () => {
  const result = toToolErrorResult(new IndxError('etag_mismatch', 'The note changed.', { path: 'a.md' }));
  expect(result).toEqual({
    isError: true,
    content: [{ type: 'text', text: 'Error etag_mismatch: The note changed.\ndetails: {"path":"a.md"}' }],
    _meta: { 'indx/error': { code: 'etag_mismatch', message: 'The note changed.', details: { path: 'a.md' } } },
  });
});

test('any other error becomes internal_error without its message or stack', () => {
  const result = toToolErrorResult(new Error('ENOENT /home/secret/path'));
  expect(result._meta?.['indx/error']).toEqual({ code: 'internal_error', message: expect.any(String) as unknown, details: {} });
  expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Error internal_error: /) as unknown }]);
  expect(JSON.stringify(result)).not.toMatch(/secret|ENOENT|at /);
});

test('resource errors: not_found is resource-not-found, other codes ride in data, the rest is internal', () => {
  expect(toProtocolError(new IndxError('not_found', 'No file.'), 'vault://a.md')).toMatchObject({ code: -32602, data: { uri: 'vault://a.md' } });
  expect(toProtocolError(new IndxError('forbidden', 'No.', { required: 'vault:read' }))).toMatchObject({ code: -32602, message: 'No.', data: { code: 'forbidden', details: { required: 'vault:read' } } });
  const internal = toProtocolError(new TypeError('x is undefined at /src/file.ts'));
  expect(internal).toBeInstanceOf(ProtocolError);
  expect(internal).toMatchObject({ code: -32603, message: 'Internal error' });
});

test('pagination walks every item once and refuses a forged cursor', () => {
  const items = Array.from({ length: 7 }, (_, index) => index);
  const seen: number[] = [];
  let cursor: string | undefined;
  do {
    const page = paginate(items, cursor, 3);
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  expect(seen).toEqual(items);
  expect(() => paginate(items, 'b2Zmc2V0Oi0x', 3)).toThrow(/Invalid cursor/);
  expect(() => paginate(items, '!!!', 3)).toThrow(/Invalid cursor/);
});
