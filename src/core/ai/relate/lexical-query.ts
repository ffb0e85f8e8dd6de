import { tokenize } from '../../search/text/tokenize';
import { basenameOf } from '../../vault/paths';
import type { NoteSnapshot } from '../scope/read-scope-notes';

/** Words of the body added to the title. */
const TOP_TERMS = 12;

/**
 * A note as a lexical (BM25) query for its neighbours: its title, then the 12 words of its body
 * that occur most often (counted by index term, so `sync`/`syncing` count together; stop words
 * left out as the index leaves them out; ties by first occurrence), each written as first seen.
 * A short query keeps the 0–1 lexical score meaningful where the whole note would dilute it.
 */
export function lexicalQueryOf(note: NoteSnapshot): string {
  const body = note.text.split('\n').slice(note.bodyStartLine).join('\n');
  const counts = new Map<string, { count: number; first: number; word: string }>();
  tokenize(body, (term, start, end) => {
    const known = counts.get(term);
    if (known === undefined) counts.set(term, { count: 1, first: start, word: body.slice(start, end).toLowerCase() });
    else known.count += 1;
  });
  const top = [...counts.values()].sort((left, right) => right.count - left.count || left.first - right.first).slice(0, TOP_TERMS);
  return [basenameOf(note.path), ...top.map((entry) => entry.word)].join(' ');
}
