// Generated vaults are written once per (seed, size, generator version) under the temp dir and
// reused: the vault folder, its text-only documents, its paths, the query set and the edits.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadCorpusPool } from './corpus-pool.mjs';
import { GENERATOR_VERSION, generateVault } from './generate-vault.mjs';
import { benchCacheDir } from './paths.mjs';
import { sampleQueries, sampleUpdates } from './query-set.mjs';

export const QUERY_COUNT = 200;
export const UPDATE_COUNT = 20;

let pool = null;

/** Writes every note of `docs` under `vaultDir`. */
export function writeVault(vaultDir, docs) {
  const folders = new Set(docs.map((doc) => dirname(join(vaultDir, doc.path))));
  for (const folder of folders) mkdirSync(folder, { recursive: true });
  for (const doc of docs) writeFileSync(join(vaultDir, doc.path), doc.frontmatter + doc.body);
}

/** The files describing one generated vault. */
function filesOf(folder) {
  return {
    folder,
    vaultDir: join(folder, 'vault'),
    docsFile: join(folder, 'docs.json'),
    pathsFile: join(folder, 'paths.json'),
    queriesFile: join(folder, 'queries.json'),
    updatesFile: join(folder, 'updates.json'),
    infoFile: join(folder, 'generated.json'),
  };
}

/** Makes sure the vault of `count` notes for `seed` exists; returns its files and summary. */
export function ensureVault({ seed, count, log = () => {} }) {
  const files = filesOf(join(benchCacheDir(), `vault-s${seed}-n${count}-g${GENERATOR_VERSION}`));
  if (existsSync(files.infoFile)) return { ...files, info: JSON.parse(readFileSync(files.infoFile, 'utf8')) };
  rmSync(files.folder, { recursive: true, force: true });
  log(`generating a ${count}-note vault (seed ${seed}) in ${files.folder}`);
  pool ??= loadCorpusPool();
  const docs = generateVault({ pool, count, seed });
  writeVault(files.vaultDir, docs);
  writeFileSync(files.docsFile, JSON.stringify(docs));
  writeFileSync(files.pathsFile, JSON.stringify(docs.map((doc) => doc.path)));
  writeFileSync(files.queriesFile, JSON.stringify(sampleQueries(docs, QUERY_COUNT, seed)));
  writeFileSync(files.updatesFile, JSON.stringify(sampleUpdates(docs, UPDATE_COUNT, seed)));
  const bytes = docs.reduce((sum, doc) => sum + Buffer.byteLength(doc.frontmatter + doc.body), 0);
  const info = { seed, count, generatorVersion: GENERATOR_VERSION, poolNotes: pool.length, bytes };
  writeFileSync(files.infoFile, JSON.stringify(info));
  return { ...files, info };
}
