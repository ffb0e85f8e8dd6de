// MiniSearch with its defaults (tokeniser, BM25+ scoring, no prefix or fuzzy matching), over
// the same fields our engine indexes. Persisted as its documented JSON (JSON.stringify).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { packageVersion } from '../lib/paths.mjs';

const FIELDS = ['title', 'aliases', 'tags', 'path', 'body'];
const OPTIONS = { fields: FIELDS, extractField: (doc, field) => (Array.isArray(doc[field]) ? doc[field].join(' ') : doc[field]) };

/** Creates the adapter (see bench/engines/README.md for the interface). */
export function createAdapter() {
  let index = null;
  return {
    name: 'MiniSearch',
    version: packageVersion('minisearch'),
    keyKind: 'id',
    build({ docs }) {
      index = new MiniSearch(OPTIONS);
      index.addAll(docs);
    },
    query(text, limit) {
      return index.search(text).slice(0, limit).map((result) => result.id);
    },
    persist(dir) {
      writeFileSync(join(dir, 'minisearch.json'), JSON.stringify(index));
    },
    load({ dir }) {
      index = MiniSearch.loadJSON(readFileSync(join(dir, 'minisearch.json'), 'utf8'), OPTIONS);
    },
    update({ doc }) {
      index.replace(doc);
    },
  };
}
