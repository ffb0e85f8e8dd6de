import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { readIfMatch } from '../../../src/server/rest/read-if-match';
import { serveVault, type ServedVault } from '../http/server-harness';

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const APPEND = JSON.stringify({ ops: [{ op: 'append_body', markdown: 'more' }] });

async function failure(response: Response): Promise<{ code: string; details: Record<string, unknown> }> {
  return ((await response.json()) as { error: { code: string; details: Record<string, unknown> } }).error;
}

describe('REST: If-Match per RFC 9110', () => {
  let served: ServedVault;
  let etag: string;

  beforeEach(async () => {
    served = await serveVault();
    etag = ((await served.fetch('/v1/notes/Lonely.md')).headers.get('etag') ?? '').replace(/"/g, '');
  });

  afterEach(async () => {
    await served.dispose();
  });

  const put = (path: string, ifMatch: string) => served.fetch(path, { method: 'PUT', headers: { ...JSON_HEADERS, 'If-Match': ifMatch }, body: JSON.stringify({ body: 'replaced\n' }) });
  const patch = (ifMatch: string) => served.fetch('/v1/notes/Lonely.md', { method: 'PATCH', headers: { ...JSON_HEADERS, 'If-Match': ifMatch }, body: APPEND });

  it('If-Match: * means the note must exist: PUT on a missing note is 412 and creates nothing', async () => {
    const missing = await put('/v1/notes/Absent.md', '*');
    expect(missing.status).toBe(412);
    expect(await failure(missing)).toMatchObject({ code: 'etag_mismatch', details: { current_etag: null } });
    expect(existsSync(join(served.vault.root, 'Absent.md'))).toBe(false);
    const present = await put('/v1/notes/Lonely.md', '*');
    expect(present.status).toBe(200);
    expect(await readFile(join(served.vault.root, 'Lonely.md'), 'utf8')).toBe('replaced\n');
  });

  it('answers 412 to a PUT with any ETag on a missing note, never 201 or 404', async () => {
    for (const ifMatch of ['"0123456789abcdef"', 'W/"0123456789abcdef"', '0123456789abcdef', '"a", "b"']) {
      const response = await put('/v1/notes/Absent.md', ifMatch);
      expect([ifMatch, response.status, (await failure(response)).code]).toEqual([ifMatch, 412, 'etag_mismatch']);
    }
    expect(existsSync(join(served.vault.root, 'Absent.md'))).toBe(false);
  });

  it('accepts the current ETag quoted, bare or weak, and in a list', async () => {
    expect((await patch(`"${etag}"`)).status).toBe(200);
    etag = ((await served.fetch('/v1/notes/Lonely.md')).headers.get('etag') ?? '').replace(/"/g, '');
    expect((await patch(etag)).status).toBe(200);
    etag = ((await served.fetch('/v1/notes/Lonely.md')).headers.get('etag') ?? '').replace(/"/g, '');
    expect((await patch(`W/"${etag}"`)).status).toBe(200);
    etag = ((await served.fetch('/v1/notes/Lonely.md')).headers.get('etag') ?? '').replace(/"/g, '');
    expect((await patch(`"ffffffffffffffff", W/"${etag}", "not-an-etag"`)).status).toBe(200);
    expect((await put('/v1/notes/Lonely.md', `"0000000000000000", "${((await served.fetch('/v1/notes/Lonely.md')).headers.get('etag') ?? '').replace(/"/g, '')}"`)).status).toBe(200);
  });

  it('answers 412 etag_mismatch with the current ETag for well-formed tags that do not match, never 400', async () => {
    for (const ifMatch of ['"not-an-etag"', 'W/"0123456789ABCDEF"', 'xyz', '""', '"0123456789abcdef0"', '"ffffffffffffffff", "eeeeeeeeeeeeeeee"', '"a,b"']) {
      const response = await patch(ifMatch);
      expect([ifMatch, response.status]).toEqual([ifMatch, 412]);
      expect(await failure(response)).toMatchObject({ code: 'etag_mismatch', details: { current_etag: etag } });
    }
    expect(await readFile(join(served.vault.root, 'Lonely.md'), 'utf8')).toBe('no links\n');
  });

  it('keeps 404 for a missing note on PATCH and DELETE, with * or a list', async () => {
    for (const ifMatch of ['*', '"a", "b"', '"zzz"']) {
      const deleted = await served.fetch('/v1/notes/Absent.md', { method: 'DELETE', headers: { 'If-Match': ifMatch } });
      expect([ifMatch, deleted.status]).toEqual([ifMatch, 404]);
    }
  });

  it('ignores * on an operation without an ETag and answers 412 to any tag there', async () => {
    const rename = (ifMatch: string) => served.fetch('/v1/tags/rename', { method: 'POST', headers: { ...JSON_HEADERS, 'If-Match': ifMatch }, body: JSON.stringify({ from: 'start', to: 'begin' }) });
    const tagged = await rename('"0123456789abcdef"');
    expect(tagged.status).toBe(412);
    expect(await failure(tagged)).toMatchObject({ code: 'etag_mismatch', details: { operation: 'tag_rename' } });
    expect((await rename('*')).status).toBe(200);
  });

  it('answers 400 only to a header that is not an entity-tag list at all', async () => {
    for (const ifMatch of ['"unterminated', 'two words', '"a" "b"', ',']) {
      const response = await patch(ifMatch);
      expect([ifMatch, response.status, (await failure(response)).code]).toEqual([ifMatch, 400, 'invalid_input']);
    }
  });

  it('answers 412, never 400, to any well-formed entity tag other than the current one (property)', async () => {
    const etagc = fc.mapToConstant({ num: 1, build: () => '!' }, { num: 0x7e - 0x23 + 1, build: (index) => String.fromCharCode(0x23 + index) });
    const tag = fc.string({ unit: etagc, maxLength: 24 }).filter((value) => value !== etag);
    const header = fc.tuple(tag, fc.boolean(), fc.boolean()).map(([value, weak, quoted]) => `${weak ? 'W/' : ''}${quoted || value === '' || value.includes(',') ? `"${value}"` : value}`);
    await fc.assert(
      fc.asyncProperty(header, async (ifMatch) => {
        if (ifMatch === '*') return;
        const response = await patch(ifMatch);
        expect([ifMatch, response.status]).toEqual([ifMatch, 412]);
      }),
      { seed: 20261121, numRuns: 60 },
    );
  });
});

describe('readIfMatch', () => {
  it('reads *, quoted, bare, weak and listed tags', () => {
    expect(readIfMatch(undefined)).toBeNull();
    expect(readIfMatch(' * ')).toBe('*');
    expect(readIfMatch('W/"abc", def ,"g,h"')).toEqual(['abc', 'def', 'g,h']);
    expect(readIfMatch('""')).toEqual(['']);
  });
});
