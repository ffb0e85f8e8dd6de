/**
 * The index's vocabulary: each distinct term gets a dense id in order of first sight. Ids never
 * change while the index lives (compaction keeps them), so postings can be keyed by id.
 */
export class TermDictionary {
  private readonly ids = new Map<string, number>();
  private readonly terms: string[] = [];

  constructor(terms: readonly string[] = []) {
    for (const term of terms) this.add(term);
  }

  /** Number of terms. */
  get size(): number {
    return this.terms.length;
  }

  /** The id of `term`, or -1 when the index has never seen it. */
  idOf(term: string): number {
    return this.ids.get(term) ?? -1;
  }

  /** The id of `term`, adding it when new. */
  add(term: string): number {
    const known = this.ids.get(term);
    if (known !== undefined) return known;
    this.ids.set(term, this.terms.length);
    this.terms.push(term);
    return this.terms.length - 1;
  }

  /** The term with id `id`. */
  termOf(id: number): string {
    return this.terms[id] ?? '';
  }

  /** Every term, by id (read-only view; for persistence and prefix or typo expansion). */
  all(): readonly string[] {
    return this.terms;
  }
}
