import type { NoteSnapshot } from '../scope/read-scope-notes';
import { noteLines } from './note-lines';
import { promptPieces, SEPARATOR_TOKENS } from './prompt-pieces';

/** Lines `startLine..endLine` (0-based, inclusive) of a note: one part of a chunk. */
export interface NoteRange {
  note: NoteSnapshot;
  startLine: number;
  endLine: number;
}

/** A note's lines with the estimated tokens of each rendered line. */
interface MeasuredNote {
  note: NoteSnapshot;
  costs: number[];
}

/**
 * Groups notes for map-reduce prompts: each group, rendered with `renderNoteForPrompt` (ranges
 * passed as `startLine`/`endLine`) and joined by blank lines, fits `maxTokens`. Notes stay whole
 * and in order where they fit; a note too large for a group of its own is split by line ranges,
 * its first range filling what the current group has left. Every line of every note lands in
 * exactly one range. A single line too large for any group forms a range of its own (the only
 * case where a group exceeds the budget).
 */
export function chunkNotes(notes: readonly NoteSnapshot[], maxTokens: number): NoteRange[][] {
  const chunker = new Chunker(maxTokens);
  for (const note of notes) chunker.add(measure(note));
  return chunker.finish();
}

function measure(note: NoteSnapshot): MeasuredNote {
  return { note, costs: noteLines(note.text).map((text, number) => promptPieces.tokens(promptPieces.line(number, text))) };
}

function fixedCost(note: NoteSnapshot, startLine: number, last: number): number {
  // The range's real end has at most as many digits as the last line: an upper bound.
  return promptPieces.tokens(promptPieces.open(note, { startLine, endLine: last })) + promptPieces.tokens(promptPieces.close) + SEPARATOR_TOKENS;
}

class Chunker {
  private readonly groups: NoteRange[][] = [];
  private current: NoteRange[] = [];
  private used = 0;

  constructor(private readonly maxTokens: number) {}

  add(measured: MeasuredNote): void {
    const last = measured.costs.length - 1;
    const whole = fixedCost(measured.note, 0, last) + sum(measured.costs, 0, last);
    if (this.used + whole > this.maxTokens && whole <= this.maxTokens) this.flush();
    let start = 0;
    while (start <= last) start = this.takeRange(measured, start, last);
  }

  finish(): NoteRange[][] {
    this.flush();
    return this.groups;
  }

  /** Puts the longest range from `start` that fits into the current group; returns the next start. */
  private takeRange(measured: MeasuredNote, start: number, last: number): number {
    let available = this.maxTokens - this.used - fixedCost(measured.note, start, last);
    let end = start - 1;
    while (end < last && (measured.costs[end + 1] ?? 0) <= available) {
      end += 1;
      available -= measured.costs[end] ?? 0;
    }
    if (end < start && this.current.length > 0) {
      this.flush();
      return start;
    }
    end = Math.max(end, start);
    this.current.push({ note: measured.note, startLine: start, endLine: end });
    this.used += fixedCost(measured.note, start, last) + sum(measured.costs, start, end);
    if (end < last) this.flush();
    return end + 1;
  }

  private flush(): void {
    if (this.current.length > 0) this.groups.push(this.current);
    this.current = [];
    this.used = 0;
  }
}

function sum(costs: readonly number[], from: number, to: number): number {
  let total = 0;
  for (let index = from; index <= to; index += 1) total += costs[index] ?? 0;
  return total;
}
