import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { compactMetadata } from '../../src/core/metadata/compact-metadata';
import { getAllTags } from '../../src/core/metadata/tags';
import { resolveReference } from '../../src/core/notes/forward-links';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { type Capture, loadCaptures, Tally } from './golden-captures';

/** The CLI bundle jest's globalSetup builds. */
const CLI = resolve(__dirname, '../../packages/indx-mcp/dist/cli.js');

/** What `indx debug metadata` prints for one note. */
interface DebugEntry {
  path: string;
  cachedMetadata: Record<string, unknown>;
  getAllTags: string[] | null;
  parseFrontMatterTags: string[] | null;
  resolvedLinks: Record<string, string | null>;
}

/**
 * Rebuilds the captured vault on disk: every capture's exact bytes at its own path
 * (`Test Data/<name>.md`), plus an empty file for every link target that is not a capture. Those
 * files existed in the vault the captures came from (Obsidian resolved links to them), but their
 * contents were not captured; only their existence matters for link resolution.
 */
async function writeCapturedVault(captures: readonly Capture[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'indx-golden-'));
  const captured = new Set(captures.map((capture) => capture.filePath));
  const placeholders = captures.flatMap((capture) => Object.values(capture.resolveLinkToPath)).filter((target): target is string => target !== null && !captured.has(target));
  const files = new Map<string, string>([...placeholders.map((target): [string, string] => [target, '']), ...captures.map((capture): [string, string] => [capture.filePath, capture.fileContents])]);
  for (const [path, contents] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), contents);
  }
  return root;
}

async function runDebugMetadata(root: string, paths: readonly string[]): Promise<DebugEntry[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'debug', 'metadata', '--vault', root, ...paths], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as DebugEntry[];
}

function pick(record: Record<string, string | null>, keys: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(keys.filter((key) => Object.prototype.hasOwnProperty.call(record, key)).map((key) => [key, record[key] ?? null]));
}

describe('golden: the Node host and the CLI reproduce the real Obsidian captures from files on disk', () => {
  const captures = loadCaptures();
  const tally = new Tally();
  let root = '';

  beforeAll(async () => {
    root = await writeCapturedVault(captures);
    const host = await NodeVaultHost.open(root, { watch: false });
    try {
      for (const capture of captures) {
        const cache = host.getMetadata(capture.filePath);
        // The host keeps the compact form of every note's metadata (see compactMetadata); the CLI below prints the whole.
        tally.recordMetadata('host.', capture.name, (cache ?? {}) as Record<string, unknown>, compactMetadata(capture.cachedMetadata) as Record<string, unknown>);
        tally.record('host.getAllTags', capture.name, cache === null ? undefined : getAllTags(cache), capture.getAllTags);
        for (const [linktext, target] of Object.entries(capture.resolveLinkToPath)) {
          tally.record('host.resolveLinkToPath', `${capture.name} [${linktext}]`, resolveReference(host, linktext, capture.filePath), target);
        }
      }
    } finally {
      await host.close();
    }
    const printed = await runDebugMetadata(root, captures.map((capture) => capture.filePath));
    captures.forEach((capture, index) => {
      const entry = printed[index];
      tally.record('cli.path', capture.name, entry?.path, capture.filePath);
      tally.recordMetadata('cli.', capture.name, entry?.cachedMetadata ?? {}, capture.cachedMetadata);
      tally.record('cli.getAllTags', capture.name, entry?.getAllTags, capture.getAllTags);
      tally.record('cli.parseFrontMatterTags', capture.name, entry?.parseFrontMatterTags, capture.parseFrontMatterTags);
      tally.record('cli.resolvedLinks', capture.name, pick(entry?.resolvedLinks ?? {}, Object.keys(capture.resolveLinkToPath)), capture.resolveLinkToPath);
    });
    console.log(`${captures.length} captures on disk at ${root}\n${tally.table()}`);
  });

  afterAll(async () => {
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  it('matches every field of every capture exactly, through the host and through the CLI', () => {
    expect(tally.mismatches).toEqual([]);
  });

  it('compared every field the captures hold, on both surfaces', () => {
    for (const field of ['links', 'embeds', 'tags', 'headings', 'sections', 'blocks', 'listItems', 'frontmatter', 'frontmatterPosition', 'frontmatterLinks']) {
      expect(tally.totals.get(`cli.${field}`)?.total ?? 0).toBeGreaterThan(0);
    }
    for (const field of ['links', 'embeds', 'tags', 'headings', 'frontmatter', 'frontmatterPosition', 'frontmatterLinks']) {
      expect(tally.totals.get(`host.${field}`)?.total ?? 0).toBeGreaterThan(0);
    }
    expect(tally.totals.get('host.resolveLinkToPath')?.total ?? 0).toBeGreaterThan(30);
    expect(tally.totals.get('cli.resolvedLinks')?.total).toBe(captures.length);
    expect(tally.totals.get('cli.parseFrontMatterTags')?.total).toBe(captures.length);
  });
});
