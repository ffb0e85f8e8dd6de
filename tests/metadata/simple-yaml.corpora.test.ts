import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateFrontmatter } from '../../src/core/metadata/frontmatter';
import { CORPORA, corpusRoot } from '../helpers/corpora';
import { loadCaptures } from './golden-captures';
import { bothPaths } from './simple-yaml-helpers';

/** Every `.md` file under `root`. */
function markdownFiles(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.md')) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

/** The YAML between a note's frontmatter delimiters, or null when it has none. */
function frontmatterYaml(content: string): string | null {
  const lines = locateFrontmatter(content);
  return lines === null ? null : content.slice(lines.yamlStart, lines.closingStart);
}

/** Compares both paths on every frontmatter of `notes`; returns the counts and the first disagreements. */
function compareAll(notes: Iterable<{ where: string; content: string }>): { blocks: number; accepted: number; disagreements: string[] } {
  const result = { blocks: 0, accepted: 0, disagreements: [] as string[] };
  for (const { where, content } of notes) {
    const yaml = frontmatterYaml(content);
    if (yaml === null) continue;
    result.blocks += 1;
    const { fast, reference } = bothPaths(yaml);
    if (fast === undefined) continue;
    result.accepted += 1;
    if (fast !== reference && result.disagreements.length < 10) result.disagreements.push(`${where}\n  fast      ${fast}\n  reference ${reference}`);
  }
  return result;
}

/** The notes of one corpus, read lazily. */
function* corpusNotes(root: string): Generator<{ where: string; content: string }> {
  for (const file of markdownFiles(root)) yield { where: file, content: readFileSync(file, 'utf8') };
}

describe('parseSimpleYamlMapping agrees with the yaml package on every real frontmatter', () => {
  it.each(CORPORA)('%s', (name) => {
    const { blocks, accepted, disagreements } = compareAll(corpusNotes(corpusRoot(name)));
    console.log(`${name}: ${blocks} frontmatter blocks, fast path answered ${accepted}`);
    expect(disagreements).toEqual([]);
  }, 120_000);

  it('the Obsidian captures', () => {
    const { blocks, accepted, disagreements } = compareAll(loadCaptures().map((capture) => ({ where: capture.name, content: capture.fileContents })));
    console.log(`captures: ${blocks} frontmatter blocks, fast path answered ${accepted}`);
    expect(disagreements).toEqual([]);
    expect(accepted).toBeGreaterThan(0);
  });
});
