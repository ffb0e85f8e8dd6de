// The fixed query set: sampled from the generated notes themselves (a quarter are note titles,
// the rest runs of one to three content words), so every engine answers the same questions.
import { createRandom, deriveSeed } from './prng.mjs';

const STOPWORDS = new Set('the and for are but not you all any can had her was one our out day get has him his how man new now old see two way who boy did its let put say she too use that with have this will your from they know want been good much some time very when come here just like long make many more only over such take than them well were what which into then there their would about could other these those should while where after before being through under'.split(' '));
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu;

/** Content words of a text: lowercase, three letters or more, no stopwords or bare numbers. */
function contentWords(text) {
  return (text.match(WORD) ?? []).map((word) => word.toLowerCase()).filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !/^\d+$/.test(word));
}

/** A note's body without the lines the generator appended (inline tag, related links). */
function sourceText(body) {
  const cut = [body.lastIndexOf('\n\nFiled under #'), body.lastIndexOf('\n\n## Related\n')].filter((index) => index >= 0);
  return cut.length > 0 ? body.slice(0, Math.min(...cut)) : body;
}

/** A query from one note: its title, or one to three consecutive content words of its body. */
function queryFrom(random, doc) {
  if (random.chance(0.25) && contentWords(doc.title).length > 0) return doc.title;
  const words = contentWords(sourceText(doc.body).replace(/\[\[[^\]]*\]\]/g, ' ').replace(/```[\s\S]*?```/g, ' '));
  if (words.length === 0) return null;
  const length = 1 + Math.min(random.below(3), words.length - 1);
  const start = random.below(words.length - length + 1);
  return words.slice(start, start + length).join(' ');
}

/** `count` queries sampled from `docs` with `seed`. */
export function sampleQueries(docs, count, seed) {
  const random = createRandom(deriveSeed(seed, 'queries'));
  const queries = [];
  while (queries.length < count) {
    const query = queryFrom(random, docs[random.below(docs.length)]);
    if (query) queries.push(query);
  }
  return queries;
}

const NATO = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango'];

/**
 * The notes the incremental-update step edits: `{ id, word }` where `word` is a made-up term the
 * edit appends (letters only, so every tokeniser keeps it whole) and no note contains yet.
 */
export function sampleUpdates(docs, count, seed) {
  const random = createRandom(deriveSeed(seed, 'updates'));
  const picked = new Set();
  while (picked.size < Math.min(count, docs.length)) picked.add(random.below(docs.length));
  return [...picked].map((id, index) => ({ id, word: `quokkazed${NATO[index % NATO.length]}` }));
}
