import { growArray } from '../index/grow-array';
import { createPostingBuffer, type PostingBuffer } from '../index/posting-pool';

/**
 * Per-query working arrays, kept between queries so a query allocates nothing proportional to
 * the vault: scores and matched-field masks by chunk and by note, and the lists of ids touched,
 * which are reset after each query. A mask is non-zero exactly when its id was touched.
 */
export class ScoringScratch {
  readonly postings: PostingBuffer = createPostingBuffer();
  chunkScores = new Float64Array(0);
  chunkMasks = new Uint8Array(0);
  touchedChunks = new Int32Array(64);
  touchedChunkCount = 0;
  noteScores = new Float64Array(0);
  noteMasks = new Uint8Array(0);
  bestScores = new Float64Array(0);
  bestChunks = new Int32Array(0);
  chunkSums = new Float64Array(0);
  touchedNotes = new Int32Array(64);
  touchedNoteCount = 0;

  /** Makes room for `chunkCount` chunks and `noteCount` notes. */
  prepare(chunkCount: number, noteCount: number): void {
    this.chunkScores = growArray(this.chunkScores, chunkCount);
    this.chunkMasks = growArray(this.chunkMasks, chunkCount);
    this.noteScores = growArray(this.noteScores, noteCount);
    this.noteMasks = growArray(this.noteMasks, noteCount);
    this.bestScores = growArray(this.bestScores, noteCount);
    this.bestChunks = growArray(this.bestChunks, noteCount);
    this.chunkSums = growArray(this.chunkSums, noteCount);
  }

  /** Records `chunk` as touched (first time only) and adds the field bits `mask`. */
  touchChunk(chunk: number, mask: number): void {
    if (this.chunkMasks[chunk] === 0) {
      this.touchedChunks = growArray(this.touchedChunks, this.touchedChunkCount + 1);
      this.touchedChunks[this.touchedChunkCount++] = chunk;
    }
    this.chunkMasks[chunk] = (this.chunkMasks[chunk] ?? 0) | mask;
  }

  /** Records `note` as touched (first time only) and adds the field bits `mask`. */
  touchNote(note: number, mask: number): void {
    if (this.noteMasks[note] === 0) {
      this.touchedNotes = growArray(this.touchedNotes, this.touchedNoteCount + 1);
      this.touchedNotes[this.touchedNoteCount++] = note;
    }
    this.noteMasks[note] = (this.noteMasks[note] ?? 0) | mask;
  }

  /** Zeroes everything the last query touched. */
  reset(): void {
    for (let index = 0; index < this.touchedChunkCount; index += 1) {
      const chunk = this.touchedChunks[index] ?? 0;
      this.chunkScores[chunk] = 0;
      this.chunkMasks[chunk] = 0;
    }
    for (let index = 0; index < this.touchedNoteCount; index += 1) {
      const note = this.touchedNotes[index] ?? 0;
      this.noteScores[note] = 0;
      this.noteMasks[note] = 0;
      this.bestScores[note] = 0;
      this.bestChunks[note] = 0;
      this.chunkSums[note] = 0;
    }
    this.touchedChunkCount = 0;
    this.touchedNoteCount = 0;
  }
}
