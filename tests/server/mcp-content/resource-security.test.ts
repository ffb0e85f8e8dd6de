import { promises as fs } from 'node:fs';
import { dirname } from 'node:path';
import type { TempVault } from '../../helpers/temp-vault';
import { expectIndxError } from '../../helpers/expect-error';
import { isIndxError } from '../../../src/core/errors';
import { RESOURCE_PROVIDERS } from '../../../src/server/mcp/resources';
import { CONTENT_FILES, NOBODY, openContentVault, providerNamed, readResource, READER } from './content-vault';

const SECRET = 'outside-the-vault secret';
let vault: TempVault;

beforeAll(async () => {
  vault = await openContentVault(CONTENT_FILES, { 'outside.md': SECRET });
});
afterAll(async () => {
  await vault.dispose();
  await fs.rm(dirname(vault.root), { recursive: true, force: true });
});

/** Every URI template with a path variable, filled with `path` (already URI-encoded). */
function pathUris(path: string): string[] {
  return [`vault://${path}`, `vault://graph/backlinks/${path}`, `vault://graph/forward/${path}`, `toc://vault/${path}`];
}

const PATH_PROVIDERS = ['vault_file', 'vault_backlinks', 'vault_forward_links', 'vault_toc'].map(providerNamed);

/** Resolves with the IndxError code a read fails with; fails the test when it returns content. */
async function failureCode(read: Promise<unknown>): Promise<string> {
  try {
    const contents = await read;
    throw new Error(`read succeeded: ${JSON.stringify(contents)}`);
  } catch (error: unknown) {
    if (!isIndxError(error)) throw error;
    expect(error.message).not.toContain(SECRET);
    return error.code;
  }
}

describe('path traversal through resource URIs', () => {
  const traversals = ['../outside.md', '%2e%2e/outside.md', '%2E%2E%2Foutside.md', 'Notes/..%2F..%2F..%2Foutside.md', '..%5Coutside.md', 'Notes%5C..%5C..%5Coutside.md', '%2Fetc%2Fpasswd', 'Home.md%00.png'];

  it.each(traversals)('refuses %s in the path variable of every path template with invalid_path', async (path) => {
    // Straight to the provider, as an endpoint that skipped URL normalisation would call it.
    for (const provider of PATH_PROVIDERS) await expectIndxError(provider.read(`x://${path}`, { path }, vault.engine, READER), 'invalid_path');
  });

  it.each(traversals)('refuses %s in a full URI on every path template, never serving the outside file', async (path) => {
    // The URL parser drops `..` segments after the first one, so those end as not_found inside the vault.
    for (const uri of pathUris(path)) expect(['invalid_path', 'not_found']).toContain(await failureCode(readResource(vault, uri)));
  });

  it('refuses vault://../x and vault://%2e%2e/x with invalid_path (the host part is kept as written)', async () => {
    await expectIndxError(readResource(vault, 'vault://../outside.md'), 'invalid_path');
    await expectIndxError(readResource(vault, 'vault://%2e%2e/outside.md'), 'invalid_path');
  });

  it.each(['.obsidian/app.json', '.trash/old.md', '%2Etrash/old.md', 'Notes/%2Ehidden.md'])('refuses hidden or protected %s with path_forbidden', async (path) => {
    for (const uri of pathUris(path)) await expectIndxError(readResource(vault, uri), 'path_forbidden');
  });

  it('refuses a malformed percent escape with invalid_path', async () => {
    await expectIndxError(readResource(vault, 'vault://Notes/%E0%A4%A.md'), 'invalid_path');
  });
});

describe('scopes', () => {
  const fixedUris = RESOURCE_PROVIDERS.flatMap((provider) => (provider.uri === undefined ? [] : [provider.uri]));

  it('lets a read token read every fixed resource and every listed one', async () => {
    const uris = [...fixedUris];
    for (const provider of RESOURCE_PROVIDERS) uris.push(...((await provider.list?.(vault.engine, READER)) ?? []).map((entry) => entry.uri));
    expect(uris.length).toBeGreaterThan(15);
    for (const uri of uris) expect(await readResource(vault, uri, READER)).toHaveLength(1);
  });

  it('lets a read token read every template on a real note', async () => {
    for (const uri of [...pathUris('Home.md'), 'tags://vault/status']) expect(await readResource(vault, uri, READER)).toHaveLength(1);
  });

  it('refuses a caller without vault:read on every read and list with forbidden', async () => {
    for (const uri of [...fixedUris, ...pathUris('Home.md'), 'tags://vault/status']) await expectIndxError(readResource(vault, uri, NOBODY), 'forbidden');
    for (const provider of RESOURCE_PROVIDERS) {
      if (provider.list !== undefined) await expectIndxError(provider.list(vault.engine, NOBODY), 'forbidden');
    }
  });

  it('rejects (never throws synchronously) so the endpoint can map every failure', async () => {
    for (const provider of RESOURCE_PROVIDERS) {
      const read = provider.read('x://..', { path: '..', field: '..' }, vault.engine, NOBODY);
      expect(read).toBeInstanceOf(Promise);
      await expect(read).rejects.toBeInstanceOf(Error);
    }
  });
});
