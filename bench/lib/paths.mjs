// Where the benchmark reads its inputs and keeps its generated material.
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/** The repository's read-only test and benchmark data (see data/README.md). */
export const DATA_DIR = join(REPO_ROOT, 'data');
/** The real-note corpora: kepano-vault as a folder, the others as `<name>.tar.gz`. */
export const CORPORA_DIR = join(DATA_DIR, 'corpora');
/** BEIR SciFact (test split; separately licensed, CC-BY-NC-2.0). */
export const SCIFACT_DIR = join(DATA_DIR, 'scifact');
/** Where results tables are written. */
export const RESULTS_DIR = join(REPO_ROOT, 'bench', 'results');

/** The benchmark's cache folder under the OS temp dir (generated vaults, unpacked corpora). */
export function benchCacheDir() {
  const folder = process.env.INDX_BENCH_CACHE ?? join(tmpdir(), 'indx-bench');
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** The installed version of a package in the repository's node_modules. */
export function packageVersion(name) {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}
