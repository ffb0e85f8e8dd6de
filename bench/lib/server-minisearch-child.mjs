// The MiniSearch column of the server phase (bench/server.mjs): a process that reads every .md
// file of the vault itself (hidden folders skipped), builds a MiniSearch index over the fields the
// search benchmark gives it (title, aliases, tags, path, body; frontmatter parsed with `yaml`),
// prints `ready <notes>` and then answers one query per stdin line (a JSON string) with one stdout
// line: the JSON array of the top 10 paths. Usage: node server-minisearch-child.mjs <vault>
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import MiniSearch from 'minisearch';
import YAML from 'yaml';
import { listVaultMarkdown } from './list-markdown.mjs';

const FIELDS = ['title', 'aliases', 'tags', 'path', 'body'];
const OPTIONS = { fields: FIELDS, idField: 'path', extractField: (doc, field) => (Array.isArray(doc[field]) ? doc[field].join(' ') : doc[field]) };
const INLINE_TAG = /(?:^|\s)#([\p{L}\p{N}_/-]+)/gu;

/** A list of strings from a frontmatter value (a string, a list, or nothing). */
function strings(value) {
  if (typeof value === 'string') return value.split(/[,\s]+/).filter(Boolean);
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string' || typeof item === 'number').map(String) : [];
}

/** One note as the search benchmark's documents are: `{ path, title, aliases, tags, body }`. */
function toDoc(root, path) {
  const text = readFileSync(join(root, path), 'utf8');
  let data = {};
  let body = text;
  const front = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (front) {
    body = text.slice(front[0].length);
    try {
      const parsed = YAML.parse(front[1]);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed;
    } catch {
      // Invalid frontmatter: the note is indexed without its properties, as Obsidian shows it.
    }
  }
  const inline = [...body.matchAll(INLINE_TAG)].map((found) => found[1]);
  const tags = [...new Set([...strings(data.tags ?? data.tag), ...inline].map((tag) => tag.replace(/^#/, '')))];
  return { path, title: basename(path, '.md'), aliases: strings(data.aliases ?? data.alias), tags, body };
}

const root = process.argv[2];
const index = new MiniSearch(OPTIONS);
const files = listVaultMarkdown(root);
for (const file of files) index.add(toDoc(root, file));
process.stdout.write(`ready ${files.length}\n`);
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const query = JSON.parse(line);
  process.stdout.write(`${JSON.stringify(index.search(query).slice(0, 10).map((hit) => hit.id))}\n`);
});
lines.on('close', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
