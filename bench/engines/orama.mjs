// Orama with its defaults (create + insertMultiple, default tokeniser and BM25, default search
// options), over the same fields our engine indexes. Persisted as JSON of `save()` (the data
// the persistence plugin's JSON format writes).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create, insertMultiple, load, save, search, update } from '@orama/orama';
import { packageVersion } from '../lib/paths.mjs';

const SCHEMA = { title: 'string', aliases: 'string[]', tags: 'string[]', path: 'string', body: 'string' };

/** The document Orama stores: our fields plus its string id. */
function toOrama(doc) {
  return { id: String(doc.id), title: doc.title, aliases: doc.aliases, tags: doc.tags, path: doc.path, body: doc.body };
}

/** Creates the adapter (see bench/engines/README.md for the interface). */
export function createAdapter() {
  let db = null;
  return {
    name: 'Orama',
    version: packageVersion('@orama/orama'),
    keyKind: 'id',
    async build({ docs }) {
      db = create({ schema: SCHEMA });
      await insertMultiple(db, docs.map(toOrama));
    },
    async query(text, limit) {
      const result = await search(db, { term: text, limit });
      return result.hits.map((hit) => hit.id);
    },
    async persist(dir) {
      writeFileSync(join(dir, 'orama.json'), JSON.stringify(await save(db)));
    },
    async load({ dir }) {
      db = create({ schema: SCHEMA });
      await load(db, JSON.parse(readFileSync(join(dir, 'orama.json'), 'utf8')));
    },
    async update({ doc }) {
      await update(db, String(doc.id), toOrama(doc));
    },
  };
}
