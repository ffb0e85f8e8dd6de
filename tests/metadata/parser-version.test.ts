import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { METADATA_PARSER_VERSION } from '../../src/core/metadata/parser-version';
import { corpusRoot } from '../helpers/corpora';
import { loadCaptures } from './golden-captures';

/**
 * What `parseMetadata` gave for the notes below when the parser was at this version. The headless
 * host's metadata cache reuses saved metadata only under the same parser version: a change to
 * the parser's output with the version unchanged would serve stale metadata from every cache.
 */
const RECORDED = { version: 1, digest: 'a091f73952d61665c61f5813466b546655e52802e8e6b483c30fc210ab5e882e' };

function markdownFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(root, name));
}

/** A digest of the parser's output over the Obsidian captures and two real corpora (about 1,000 notes). */
function outputDigest(): string {
  const hash = createHash('sha256');
  for (const capture of loadCaptures()) hash.update(`${capture.name}\n${JSON.stringify(parseMetadata(capture.fileContents))}\n`);
  for (const root of [corpusRoot('kepano-vault'), corpusRoot('eips')]) {
    for (const file of markdownFiles(root)) hash.update(`${relative(root, file)}\n${JSON.stringify(parseMetadata(readFileSync(file, 'utf8')))}\n`);
  }
  return hash.digest('hex');
}

describe('METADATA_PARSER_VERSION follows the parser\'s output', () => {
  it('is bumped whenever the output changes (RECORDED is updated with it)', () => {
    // On a mismatch: parseMetadata's output changed, so bump METADATA_PARSER_VERSION and record both here.
    expect({ version: METADATA_PARSER_VERSION, digest: outputDigest() }).toEqual(RECORDED);
  });
});
