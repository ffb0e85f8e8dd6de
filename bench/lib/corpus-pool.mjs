// Loads the real notes the generated vaults are sampled from: the four vault folders of
// ../shared/corpora and tldr-pages (unpacked once into a temp folder, never into the corpora).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { benchCacheDir, CORPORA_DIR } from './paths.mjs';

const FOLDER_COLLECTIONS = ['dnd-srd', 'eips', 'dendron-site', 'kepano-vault'];

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

/** The folder holding tldr-pages unpacked (done once per machine, kept under the temp dir). */
export function unpackTldr() {
  const target = join(benchCacheDir(), 'tldr-pages');
  const marker = join(target, '.unpacked');
  if (existsSync(marker)) return join(target, 'tldr-pages');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const result = spawnSync('tar', ['xzf', join(CORPORA_DIR, 'tldr-pages.tar.gz'), '-C', target], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('could not unpack tldr-pages.tar.gz');
  writeFileSync(marker, 'ok\n');
  return join(target, 'tldr-pages');
}

/**
 * The pool of real notes, in a fixed order: `{ collection, source, text }` where `source` is the
 * note's path inside its collection.
 */
export function loadCorpusPool() {
  const roots = FOLDER_COLLECTIONS.map((name) => ({ collection: name, root: join(CORPORA_DIR, name) }));
  roots.push({ collection: 'tldr-pages', root: unpackTldr() });
  const pool = [];
  for (const { collection, root } of roots) {
    for (const source of listMarkdown(root)) pool.push({ collection, source, text: readFileSync(join(root, source), 'utf8') });
  }
  return pool;
}
