// Loads the real notes the generated vaults are sampled from: the five vaults of data/corpora
// (kepano-vault as a folder, the others unpacked once into a temp folder, never into data/).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { benchCacheDir, CORPORA_DIR } from './paths.mjs';

/** Collections in pool order (the order the generated vaults were always sampled in). */
const COLLECTIONS = ['dnd-srd', 'eips', 'dendron-site', 'kepano-vault', 'tldr-pages'];
/** Collections kept as a folder; the others are `<name>.tar.gz`. */
const FOLDERS = new Set(['kepano-vault']);

/** Every markdown file under `root`, as sorted relative POSIX paths (licences left out). */
function listMarkdown(root) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md') && !/^licen[cs]e/i.test(entry.name)) found.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return found.sort();
}

/** The folder of a collection: in place, or its archive unpacked once per archive content under the bench cache. */
export function corpusFolder(name) {
  if (FOLDERS.has(name)) return join(CORPORA_DIR, name);
  const archive = join(CORPORA_DIR, `${name}.tar.gz`);
  const hash = createHash('sha256').update(readFileSync(archive)).digest('hex').slice(0, 12);
  const target = join(benchCacheDir(), 'corpora', `${name}-${hash}`);
  const marker = join(target, '.unpacked');
  if (existsSync(marker)) return join(target, name);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const result = spawnSync('tar', ['xzf', archive, '-C', target], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`could not unpack ${name}.tar.gz`);
  writeFileSync(marker, 'ok\n');
  return join(target, name);
}

/**
 * The pool of real notes, in a fixed order: `{ collection, source, text }` where `source` is the
 * note's path inside its collection.
 */
export function loadCorpusPool() {
  const roots = COLLECTIONS.map((name) => ({ collection: name, root: corpusFolder(name) }));
  const pool = [];
  for (const { collection, root } of roots) {
    for (const source of listMarkdown(root)) pool.push({ collection, source, text: readFileSync(join(root, source), 'utf8') });
  }
  return pool;
}
