import type { SpanKindValue } from '../text/scan-words';
import { scanWords } from '../text/scan-words';
import { growArray } from './grow-array';
import type { WordTable } from './word-table';

/**
 * Term frequencies of one field of one doc, in typed arrays reused from doc to doc: counts by
 * term id and the list of ids touched, so counting allocates nothing and resetting costs only
 * what was counted.
 */
export class TermCounter {
  private counts = new Int32Array(1024);
  private touched = new Int32Array(256);
  private touchedCount = 0;
  /** Terms counted (with repeats): the field's length. */
  length = 0;

  /** Counts the terms of `text` through `words`. */
  countText(text: string, words: WordTable): void {
    scanWords(text, (start: number, end: number, kind: SpanKindValue) => {
      const termId = words.termIdOf(text, start, end, kind);
      if (termId >= 0) this.add(termId);
    });
  }

  /** Counts one occurrence of `termId`. */
  add(termId: number): void {
    if (termId >= this.counts.length) this.counts = growArray(this.counts, termId + 1);
    if (this.counts[termId] === 0) {
      this.touched = growArray(this.touched, this.touchedCount + 1);
      this.touched[this.touchedCount++] = termId;
    }
    this.counts[termId] = (this.counts[termId] ?? 0) + 1;
    this.length += 1;
  }

  /** Visits each counted term once with its count, in first-seen order. */
  forEach(visit: (termId: number, count: number) => void): void {
    for (let index = 0; index < this.touchedCount; index += 1) {
      const termId = this.touched[index] ?? 0;
      visit(termId, this.counts[termId] ?? 0);
    }
  }

  /** Forgets everything counted. */
  reset(): void {
    for (let index = 0; index < this.touchedCount; index += 1) this.counts[this.touched[index] ?? 0] = 0;
    this.touchedCount = 0;
    this.length = 0;
  }
}
