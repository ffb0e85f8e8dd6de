import { FIELD_BITS, NOTE_FIELD_COUNT } from '../index/fields';
import type { LexicalIndex } from '../index/lexical-index';
import type { Bm25Parameters } from './bm25-parameters';
import type { ScoringScratch } from './scoring-scratch';

/** A query term resolved to the index: its id and its weight (1 for a typed term). */
export interface WeightedTerm {
  id: number;
  weight: number;
}

/** Every note a query matched, unordered: score, best chunk and matched fields (bit n = field n). */
export interface ScoredNotes {
  count: number;
  notes: Int32Array;
  scores: Float64Array;
  bestChunks: Int32Array;
  masks: Uint8Array;
  /** The score a note matching every term as well as possible would reach (for 0–1 scores). */
  bound: number;
}

/** Set on a note's mask once it is touched, whatever fields matched. */
const TOUCHED = 0x80;
const FIELD_MASK = 0x3f;

/**
 * Scores every note matching any of `terms` with {@link Bm25Parameters} (an OR query, as BM25
 * ranks it). Document frequencies count live docs only, so tombstones do not skew IDF.
 */
export function scoreQuery(index: LexicalIndex, terms: readonly WeightedTerm[], parameters: Bm25Parameters, scratch: ScoringScratch): ScoredNotes {
  scratch.prepare(index.chunks.count, index.notes.count);
  try {
    let bound = 0;
    for (const term of terms) bound += scoreTerm(index, term, parameters, scratch);
    return collectNotes(index, parameters, scratch, bound);
  } finally {
    scratch.reset();
  }
}

/** BM25's IDF, never negative. */
export function inverseDocumentFrequency(documentFrequency: number, documentCount: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

function scoreTerm(index: LexicalIndex, term: WeightedTerm, parameters: Bm25Parameters, scratch: ScoringScratch): number {
  const count = index.pool.decode(term.id, scratch.postings);
  const frequencies = countDocuments(index, scratch, count);
  // Note fields use the term's vault-wide rarity (notes holding it anywhere), as BM25F shares one
  // IDF across fields: rarity among titles alone overrates common words that happen to be in few titles.
  const noteWeight = frequencies.inNoteFields ? term.weight * parameters.noteWeight * inverseDocumentFrequency(frequencies.notes, index.liveNotes) : 0;
  const chunkWeight = frequencies.chunks === 0 ? 0 : term.weight * inverseDocumentFrequency(frequencies.chunks, index.liveChunks);
  accumulate(index, scratch, count, parameters, noteWeight, chunkWeight);
  return (parameters.k1 + 1) * (noteWeight + chunkWeight);
}

/**
 * Live notes holding the term in any field, live chunks holding it in a chunk field, and whether
 * any note field holds it. A note's chunks have consecutive ids, so along a posting list note
 * ids never decrease and distinct notes are counted by changes.
 */
function countDocuments(index: LexicalIndex, scratch: ScoringScratch, count: number): { notes: number; chunks: number; inNoteFields: boolean } {
  const { docs, values } = scratch.postings;
  const { live, notes: noteOf } = index.chunks;
  let notes = 0;
  let chunks = 0;
  let inNoteFields = false;
  let lastNote = -1;
  let lastChunk = -1;
  for (let position = 0; position < count; position += 1) {
    const doc = docs[position] ?? 0;
    if (live[doc] !== 1) continue;
    const note = noteOf[doc] ?? 0;
    if (note !== lastNote) notes += 1;
    lastNote = note;
    if (((values[position] ?? 0) & 7) < NOTE_FIELD_COUNT) inNoteFields = true;
    else if (doc !== lastChunk) {
      chunks += 1;
      lastChunk = doc;
    }
  }
  return { notes, chunks, inNoteFields };
}

function accumulate(index: LexicalIndex, scratch: ScoringScratch, count: number, parameters: Bm25Parameters, noteWeight: number, chunkWeight: number): void {
  const { docs, values } = scratch.postings;
  const averages = averageLengths(index);
  const { k1, b, weights } = parameters;
  const { chunks, notes } = index;
  let position = 0;
  while (position < count) {
    const doc = docs[position] ?? 0;
    let noteTf = 0;
    let chunkTf = 0;
    let noteMask = 0;
    let chunkMask = 0;
    for (; position < count && docs[position] === doc; position += 1) {
      if (chunks.live[doc] !== 1) continue;
      const value = values[position] ?? 0;
      const field = value & 7;
      const frequency = value >>> FIELD_BITS;
      const fieldB = b[field] ?? 0;
      if (field < NOTE_FIELD_COUNT) {
        const length = notes.fieldLengths[(chunks.notes[doc] ?? 0) * NOTE_FIELD_COUNT + field] ?? 0;
        noteTf += ((weights[field] ?? 1) * frequency) / (1 - fieldB + (fieldB * length) / (averages[field] ?? 1));
        noteMask |= 1 << field;
      } else {
        const length = field === NOTE_FIELD_COUNT ? (chunks.headingLengths[doc] ?? 0) : (chunks.bodyLengths[doc] ?? 0);
        chunkTf += ((weights[field] ?? 1) * frequency) / (1 - fieldB + (fieldB * length) / (averages[field] ?? 1));
        chunkMask |= 1 << field;
      }
    }
    if (noteMask !== 0) {
      const note = chunks.notes[doc] ?? 0;
      scratch.noteScores[note] = (scratch.noteScores[note] ?? 0) + (noteWeight * noteTf * (k1 + 1)) / (noteTf + k1);
      scratch.touchNote(note, noteMask | TOUCHED);
    }
    if (chunkMask !== 0) {
      scratch.chunkScores[doc] = (scratch.chunkScores[doc] ?? 0) + (chunkWeight * chunkTf * (k1 + 1)) / (chunkTf + k1);
      scratch.touchChunk(doc, chunkMask);
    }
  }
}

function averageLengths(index: LexicalIndex): number[] {
  return Array.from(index.fieldTotals, (total, field) => {
    const count = field < NOTE_FIELD_COUNT ? index.liveNotes : index.liveChunks;
    return count === 0 || total === 0 ? 1 : total / count;
  });
}

function collectNotes(index: LexicalIndex, parameters: Bm25Parameters, scratch: ScoringScratch, bound: number): ScoredNotes {
  for (let position = 0; position < scratch.touchedChunkCount; position += 1) {
    const chunk = scratch.touchedChunks[position] ?? 0;
    const note = index.chunks.notes[chunk] ?? 0;
    const score = scratch.chunkScores[chunk] ?? 0;
    scratch.touchNote(note, TOUCHED);
    scratch.chunkSums[note] = (scratch.chunkSums[note] ?? 0) + score;
    if (score > (scratch.bestScores[note] ?? 0)) {
      scratch.bestScores[note] = score;
      scratch.bestChunks[note] = chunk;
    }
  }
  const count = scratch.touchedNoteCount;
  const result: ScoredNotes = { count, notes: scratch.touchedNotes.slice(0, count), scores: new Float64Array(count), bestChunks: new Int32Array(count), masks: new Uint8Array(count), bound };
  for (let position = 0; position < count; position += 1) {
    const note = result.notes[position] ?? 0;
    const best = scratch.bestScores[note] ?? 0;
    const bestChunk = best > 0 ? (scratch.bestChunks[note] ?? 0) : (index.notes.firstChunks[note] ?? 0);
    result.scores[position] = (scratch.noteScores[note] ?? 0) + best + parameters.otherChunksWeight * ((scratch.chunkSums[note] ?? 0) - best);
    result.bestChunks[position] = bestChunk;
    result.masks[position] = ((scratch.noteMasks[note] ?? 0) & FIELD_MASK) | (best > 0 ? (scratch.chunkMasks[bestChunk] ?? 0) : 0);
  }
  return result;
}
