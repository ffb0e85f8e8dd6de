import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The repository's test and benchmark data (see data/README.md). */
export const DATA = resolve(__dirname, '../../data');

/** Real vaults kept as `data/corpora/<name>.tar.gz`. */
export const ARCHIVED_CORPORA = ['dnd-srd', 'eips', 'dendron-site', 'tldr-pages'] as const;

/** Every real vault of data/corpora, archived or not. */
export const CORPORA = [...ARCHIVED_CORPORA, 'kepano-vault'] as const;

/** One of {@link CORPORA}. */
export type CorpusName = (typeof CORPORA)[number];

/**
 * The folder of a corpus, read-only: kepano-vault in place, an archived one unpacked once per
 * archive content into the temp folder (`indx-data/<name>-<hash>`). Unpacking goes to a folder
 * of its own that is then renamed into place, so test workers racing for it never see half of
 * it. Tests that write must copy it first (`copyToTemp`).
 */
export function corpusRoot(name: CorpusName): string {
  if (name === 'kepano-vault') return join(DATA, 'corpora', name);
  const archive = join(DATA, 'corpora', `${name}.tar.gz`);
  const hash = createHash('sha256').update(readFileSync(archive)).digest('hex').slice(0, 12);
  const target = join(tmpdir(), 'indx-data', `${name}-${hash}`);
  if (!existsSync(target)) unpack(archive, target);
  return join(target, name);
}

function unpack(archive: string, target: string): void {
  mkdirSync(join(target, '..'), { recursive: true });
  const staging = mkdtempSync(`${target}.unpacking-`);
  try {
    execFileSync('tar', ['-xzf', archive, '-C', staging]);
    renameSync(staging, target);
  } catch (error: unknown) {
    rmSync(staging, { recursive: true, force: true });
    // Another worker renamed its copy into place first: use that one.
    if (!existsSync(target)) throw error;
  }
}

/** A file of data/ as text; `.gz` files are decompressed. */
export function readDataText(...segments: string[]): string {
  const bytes = readFileSync(join(DATA, ...segments));
  return (segments.at(-1)?.endsWith('.gz') === true ? gunzipSync(bytes) : bytes).toString('utf8');
}
