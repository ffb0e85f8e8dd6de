import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { cleanEnvironment, packageVersion, releaseFileNames, ROOT, runProcess, runReleaseScript, sha256, type ProcessResult } from './release-harness';

// `npm run release` (scripts/release.mjs) end to end, into a temp folder instead of release/:
// the production build, the Obsidian assets, the plugin zip, the CLI tarball and SHA256SUMS.

const version = packageVersion();
let work: string;
let out: string;
let first: ProcessResult;

/** Reads a file of the release. */
function released(name: string): Promise<Buffer> {
  return readFile(join(out, name));
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'indx-release-'));
  out = join(work, 'release');
  await mkdir(out);
  await writeFile(join(out, 'indx-0.0.1.zip'), 'left by an earlier release');
  first = await runReleaseScript(['--out', out], { env: cleanEnvironment({ TZ: 'UTC' }) });
}, 180_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

test('writes exactly the release files (an earlier release\'s are removed) and lists them', async () => {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(manifest.scripts.release).toBe('node scripts/release.mjs');
  expect(first.stderr).not.toMatch(/^release: /m);
  expect(first.code).toBe(0);
  expect((await readdir(out)).sort()).toEqual(releaseFileNames(version));
  expect(first.stdout.split('\n')[0]).toBe(`indx ${version}: ${releaseFileNames(version).length} files in ${out}`);
});

test('the Obsidian assets are the production build and the repository\'s manifest.json and styles.css', async () => {
  expect((await released('main.js')).toString('utf8')).not.toMatch(/^\/\/# sourceMappingURL=/m);
  expect(await released('manifest.json')).toEqual(await readFile(join(ROOT, 'manifest.json')));
  expect(await released('styles.css')).toEqual(await readFile(join(ROOT, 'styles.css')));
});

test('the zip holds the three assets in a folder indx/, byte-equal to the loose files', async () => {
  const entries = unzipSync(await released(`indx-${version}.zip`));
  expect(Object.keys(entries)).toEqual(['indx/main.js', 'indx/manifest.json', 'indx/styles.css']);
  for (const name of ['main.js', 'manifest.json', 'styles.css']) {
    expect([name, Buffer.from(entries[`indx/${name}`] ?? new Uint8Array()).equals(await released(name))]).toEqual([name, true]);
  }
});

test('the CLI tarball holds the launcher, the bundled CLI, README, LICENSE and package.json only', async () => {
  const listing = await runProcess('tar', ['-tzf', join(out, `indx-mcp-${version}.tgz`)]);
  const names = listing.stdout.trim().split('\n').sort();
  expect(names).toEqual(expect.arrayContaining(['package/LICENSE', 'package/README.md', 'package/bin/indx.js', 'package/dist/cli.js', 'package/dist/cli-runtime.js', 'package/package.json']));
  expect(names.filter((name) => !['package/LICENSE', 'package/README.md', 'package/bin/indx.js', 'package/package.json'].includes(name) && !/^package\/dist\/[\w-]+\.js$/.test(name))).toEqual([]);
});

test('SHA256SUMS lists every other file with its hash, in the form sha256sum -c reads', async () => {
  const lines = (await released('SHA256SUMS')).toString('utf8').split('\n');
  expect(lines.pop()).toBe('');
  const expected = await Promise.all(releaseFileNames(version).filter((name) => name !== 'SHA256SUMS').sort().map(async (name) => `${sha256(await released(name))}  ${name}`));
  expect(lines).toEqual(expected);
});

test('is reproducible: a second release, in another time zone, has the same bytes', async () => {
  const again = join(work, 'again');
  const second = await runReleaseScript(['--out', again], { env: cleanEnvironment({ TZ: 'Pacific/Chatham' }) });
  expect(second.code).toBe(0);
  expect(await readFile(join(again, 'SHA256SUMS'), 'utf8')).toBe(await readFile(join(out, 'SHA256SUMS'), 'utf8'));
}, 180_000);
