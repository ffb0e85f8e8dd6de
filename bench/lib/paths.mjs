// Where the benchmark reads its inputs and keeps its generated material.
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/** Shared, read-only material (corpora, SciFact). */
export const SHARED_DIR = process.env.INDX_SHARED_DIR ?? resolve(REPO_ROOT, '..', 'shared');
/** The real-note corpora. */
export const CORPORA_DIR = join(SHARED_DIR, 'corpora');
/** BEIR SciFact (test split). */
export const SCIFACT_DIR = join(SHARED_DIR, 'bench', 'scifact');
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
