import { basenameOf } from '../../vault/paths';
import type { NoteSnapshot } from '../scope/read-scope-notes';

const BODY_WORDS = 60;
// vault_search takes at most 2,000 characters, and the query goes to the embeddings provider
// as is: a note with hundreds of headings must not make either fail.
const MAX_QUERY_CHARS = 2000;

/**
 * What a note is about, as a search query for its semantic neighbours: its title (the file
 * name), its headings and the first 60 words of its body, at most 2,000 characters (cut at a
 * space, never inside a surrogate pair). The recipe of the `similar://` resource, which can call
 * this with note_read's body and outline.
 */
export function toSimilarityQuery(path: string, headings: readonly string[], body: string): string {
  const words = body.split(/\s+/).filter((word) => word !== '').slice(0, BODY_WORDS).join(' ');
  return cut([basenameOf(path), ...headings, words].join(' '));
}

/** `toSimilarityQuery` of a note as an AI operation read it. */
export function similarityQueryOf(note: NoteSnapshot): string {
  const body = note.text.split('\n').slice(note.bodyStartLine).join('\n');
  return toSimilarityQuery(note.path, note.outline.map((entry) => entry.heading), body);
}

function cut(text: string): string {
  if (text.length <= MAX_QUERY_CHARS) return text;
  const head = text.slice(0, MAX_QUERY_CHARS + 1);
  const space = head.lastIndexOf(' ');
  if (space > 0) return head.slice(0, space);
  return /[\uD800-\uDBFF]/.test(head[MAX_QUERY_CHARS - 1] ?? '') ? head.slice(0, MAX_QUERY_CHARS - 1) : head.slice(0, MAX_QUERY_CHARS);
}
