import { normalizeWord } from '../text/normalize-word';
import { SpanKind, type SpanKindValue } from '../text/scan-words';
import { growArray } from './grow-array';
import type { TermDictionary } from './term-dictionary';

const MAX_WORDS = 1 << 20;
/** Int32 fields per slot: hash, term id + 2 (0 = empty slot; 1 = a stop word, term id -1), offset in the character pool, length. */
const SLOT = 4;

/**
 * Maps words as written straight to term ids, so indexing builds no string for a word it has
 * seen before: an open-addressing hash table keyed on the span's characters (FNV-1a over UTF-16
 * units). A slot holds the hash, the term id and where the word's characters sit in one
 * character pool, so a lookup touches one slot and one run of characters, compared in place
 * against the text. A miss normalises the word once ({@link normalizeWord}) and adds its term
 * to the dictionary; stop words map to -1. Emptied when it holds a million words, so memory
 * stays bounded on odd vaults.
 */
export class WordTable {
  private slots = new Int32Array(SLOT << 16);
  private characters = new Uint16Array(1 << 18);
  private characterCount = 0;
  private wordCount = 0;

  constructor(private readonly dictionary: TermDictionary) {}

  /** Distinct words held. */
  get size(): number {
    return this.wordCount;
  }

  /** The term id of `text[start, end)` (a span of `kind` from `scanWords`), or -1 for none. */
  termIdOf(text: string, start: number, end: number, kind: SpanKindValue): number {
    let hash = 0x811c9dc5;
    for (let index = start; index < end; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
    const { slots, characters } = this;
    const mask = slots.length / SLOT - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot * SLOT;
      const stored = slots[at + 1] ?? 0;
      if (stored === 0) return this.insert(hash, text.slice(start, end), kind);
      if (slots[at] !== hash || slots[at + 3] !== length) continue;
      const offset = (slots[at + 2] ?? 0) - start;
      let index = start;
      while (index < end && characters[offset + index] === text.charCodeAt(index)) index += 1;
      if (index === end) return stored - 2;
    }
  }

  private insert(hash: number, word: string, kind: SpanKindValue): number {
    if (this.wordCount >= MAX_WORDS) this.clear();
    if (2 * (this.wordCount + 1) > this.slots.length / SLOT) this.rehash(this.slots.length * 2);
    const term = kind === SpanKind.IDEOGRAPHS ? word : normalizeWord(word, kind === SpanKind.ASCII_LOWER_WORD);
    const termId = term === null ? -1 : this.dictionary.add(term);
    const offset = this.characterCount;
    this.characters = growArray(this.characters, offset + word.length);
    for (let index = 0; index < word.length; index += 1) this.characters[offset + index] = word.charCodeAt(index);
    this.characterCount += word.length;
    this.place(this.slots, hash, termId + 2, offset, word.length);
    this.wordCount += 1;
    return termId;
  }

  private place(slots: Int32Array, hash: number, stored: number, offset: number, length: number): void {
    const mask = slots.length / SLOT - 1;
    let slot = hash & mask;
    while (slots[slot * SLOT + 1] !== 0) slot = (slot + 1) & mask;
    const at = slot * SLOT;
    slots[at] = hash;
    slots[at + 1] = stored;
    slots[at + 2] = offset;
    slots[at + 3] = length;
  }

  private rehash(length: number): void {
    const old = this.slots;
    this.slots = new Int32Array(length);
    for (let at = 0; at < old.length; at += SLOT) if (old[at + 1] !== 0) this.place(this.slots, old[at] ?? 0, old[at + 1] ?? 0, old[at + 2] ?? 0, old[at + 3] ?? 0);
  }

  private clear(): void {
    this.slots = new Int32Array(SLOT << 16);
    this.characterCount = 0;
    this.wordCount = 0;
  }
}
