import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packageVersion, ROOT, runReleaseScript } from './release-harness';

// `npm run release` refuses, before building anything, unless every place that states the
// version agrees: Obsidian installs from the release tagged as manifest.json's version, npm
// publishes packages/indx-mcp's, and the engine reports ENGINE_VERSION.

/** The files the version check reads, relative to the repository root. */
const VERSION_FILES = ['package.json', 'packages/indx-mcp/package.json', 'manifest.json', 'versions.json', 'src/core/version.ts'];

/** A change to one file of a copied repository, and what the refusal must say. */
interface Mismatch {
  what: string;
  file: string;
  edit: (text: string) => string;
  message: RegExp;
}

const bumpVersion = (text: string) => text.replace(/"version": "[^"]+"/, '"version": "9.9.9"');

const MISMATCHES: Mismatch[] = [
  { what: 'the root package.json at another version', file: 'package.json', edit: bumpVersion, message: /the versions disagree:\n {2}package\.json: 9\.9\.9\n/ },
  { what: 'packages/indx-mcp/package.json at another version', file: 'packages/indx-mcp/package.json', edit: bumpVersion, message: /\n {2}packages\/indx-mcp\/package\.json: 9\.9\.9\n/ },
  { what: 'manifest.json at another version', file: 'manifest.json', edit: bumpVersion, message: /\n {2}manifest\.json: 9\.9\.9\n/ },
  { what: 'ENGINE_VERSION at another version', file: 'src/core/version.ts', edit: (text) => text.replace(/ENGINE_VERSION = '[^']+'/, "ENGINE_VERSION = '9.9.9'"), message: /\(ENGINE_VERSION\): 9\.9\.9\n/ },
  { what: 'versions.json without the version', file: 'versions.json', edit: () => '{"0.0.1": "1.0.0"}\n', message: /versions\.json has no entry for \d+\.\d+\.\d+: add "[^"]+": "[^"]+"/ },
  { what: 'versions.json mapping it to another app version than minAppVersion', file: 'versions.json', edit: (text) => JSON.stringify({ ...(JSON.parse(text) as Record<string, string>), [packageVersion()]: '0.0.1' }), message: /versions\.json maps .* to 0\.0\.1, but manifest\.json's minAppVersion is/ },
];

let copy: string;

/** Copies the version files of the repository into a fresh temp folder. */
async function copyVersionFiles(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'indx-versions-'));
  for (const file of VERSION_FILES) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), await readFile(join(ROOT, file)));
  }
  return root;
}

/** Applies `edit` to `file` of the copy. */
async function editCopy(file: string, edit: (text: string) => string): Promise<void> {
  await writeFile(join(copy, file), edit(await readFile(join(copy, file), 'utf8')));
}

beforeEach(async () => {
  copy = await copyVersionFiles();
});

afterEach(async () => {
  await rm(copy, { recursive: true, force: true });
});

test('the repository states one version everywhere (the release check passes and prints it)', async () => {
  const result = await runReleaseScript(['--check']);
  expect(result).toEqual({ code: 0, stdout: `${packageVersion()}\n`, stderr: '' });
});

test('an unchanged copy of the version files passes the same check', async () => {
  expect(await runReleaseScript(['--check', '--root', copy])).toMatchObject({ code: 0, stdout: `${packageVersion()}\n` });
});

test.each(MISMATCHES)('$what: refused with exit 1, saying what to fix', async ({ file, edit, message }) => {
  await editCopy(file, edit);
  const result = await runReleaseScript(['--check', '--root', copy]);
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^release: /);
  expect(result.stderr).toMatch(message);
});

test('a version Obsidian cannot take (a "v" prefix) is refused', async () => {
  for (const file of VERSION_FILES.filter((name) => name.endsWith('.json') && name !== 'versions.json')) await editCopy(file, (text) => text.replace(/"version": "([^"]+)"/, '"version": "v$1"'));
  await editCopy('src/core/version.ts', (text) => text.replace(/ENGINE_VERSION = '([^']+)'/, "ENGINE_VERSION = 'v$1'"));
  const result = await runReleaseScript(['--check', '--root', copy]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/version v\d+\.\d+\.\d+ is not of the form x\.y\.z/);
});

test('the whole release is refused before anything is built or written', async () => {
  await editCopy('manifest.json', bumpVersion);
  const out = join(copy, 'release');
  const result = await runReleaseScript(['--root', copy, '--out', out]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^release: the versions disagree/);
  await expect(readFile(join(out, 'SHA256SUMS'))).rejects.toMatchObject({ code: 'ENOENT' });
  await expect(readFile(join(copy, 'main.js'))).rejects.toMatchObject({ code: 'ENOENT' });
});
