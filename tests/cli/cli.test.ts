import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { rm } from 'node:fs/promises';
import { writeTempFolder } from '../helpers/temp-vault';

const CLI = resolve(__dirname, '../../packages/indx-mcp/dist/cli.js');

async function indx(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the indx CLI as a child process', () => {
  let root: string;

  beforeEach(async () => {
    root = await writeTempFolder({
      'Notes/A.md': '---\ntags: [alpha]\nup: "[[B]]"\n---\n# A\n\nLinks to [[B#Part|bee]], [[missing]] and #inline/tag.\n',
      'B.md': '# B\n## Part\ntext\n',
    });
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('debug metadata prints {path, cachedMetadata, getAllTags, parseFrontMatterTags, resolvedLinks} per path, on a folder that is not a vault', async () => {
    const result = await indx(['debug', 'metadata', '--vault', root, 'Notes/A.md', 'B.md']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(printed.map((entry) => Object.keys(entry).sort())).toEqual([
      ['cachedMetadata', 'getAllTags', 'parseFrontMatterTags', 'path', 'resolvedLinks'],
      ['cachedMetadata', 'getAllTags', 'parseFrontMatterTags', 'path', 'resolvedLinks'],
    ]);
    expect(printed[0]).toMatchObject({
      path: 'Notes/A.md',
      getAllTags: ['#alpha', '#inline/tag'],
      parseFrontMatterTags: ['#alpha'],
      resolvedLinks: { 'B#Part': 'B.md', missing: null, B: 'B.md' },
    });
    expect((printed[1] as { cachedMetadata: { headings: unknown[] } }).cachedMetadata.headings).toHaveLength(2);
  });

  it('runs registry operations: note get, note patch, vault status', async () => {
    const read = await indx(['note', 'get', 'B', '--vault', root, '--include', 'body,outline']);
    expect(read.code).toBe(0);
    const note = JSON.parse(read.stdout) as { path: string; etag: string; outline: unknown[] };
    expect(note.path).toBe('B.md');
    const patched = await indx(['note', 'patch', 'B.md', '--vault', root, '--if-match', note.etag, '--ops', JSON.stringify([{ op: 'append_body', markdown: 'more' }])]);
    expect(patched.code).toBe(0);
    expect(await readFile(join(root, 'B.md'), 'utf8')).toBe('# B\n## Part\ntext\nmore\n');
    const status = await indx(['vault', 'status', '--vault', root, '--summary']);
    expect(status.stdout.trim()).toBe(`Vault "${root.split('/').pop() ?? ''}": 2 notes, 2 files, 1 unresolved links.`);
  });

  it('runs admin commands with nested words and the seed\'s --rebuild switch', async () => {
    const config = await indx(['vault', 'config', 'set', '--vault', root, '--config', '{"access":{"write_enabled":false}}']);
    expect(config.code).toBe(0);
    expect(JSON.parse(config.stdout)).toMatchObject({ config: { access: { write_enabled: false } } });
    expect((await indx(['vault', 'config', 'get', '--vault', root])).stdout).toContain('"write_enabled": false');
    const reindex = await indx(['vault', 'index', '--rebuild', '--vault', root, '--summary']);
    expect(reindex.stdout).toMatch(/^Reindexed 2 notes \(2 files\)/);
    expect((await indx(['vault', 'index', '--vault', root])).code).not.toBe(0);
  });

  it('searches with indx search, building and saving the index on the way', async () => {
    const result = await indx(['search', '--vault', root, '--q', 'text', '--mode', 'lexical']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { results: { path: string }[] }).results.map((hit) => hit.path)).toEqual(['B.md']);
    // The one-shot command saved the index on close: the state folder holds its manifest and shards.
    expect(readdirSync(join(root, '.indx', 'search'))).toContain('manifest.json');
  });

  it('prints a stable error code on stderr and exits non-zero', async () => {
    const missing = await indx(['note', 'get', 'Nope.md', '--vault', root]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: { code: 'not_found' } });
    const traversal = await indx(['note', 'get', '../x.md', '--vault', root]);
    expect(traversal.code).toBe(2);
    expect(JSON.parse(traversal.stderr)).toMatchObject({ error: { code: 'invalid_path' } });
  });
});
