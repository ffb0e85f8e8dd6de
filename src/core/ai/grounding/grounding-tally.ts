import { groundingFailedError } from './grounding-failed-error';

/** Dropped claims listed in the error's details. */
const LISTED_DROPPED = 50;

/** One claim dropped for lack of a surviving citation. */
export interface DroppedClaim {
  path: string;
  /** What was dropped: a field key, or `data` for a note's extraction. */
  item: string;
  /** Why each of its citations failed (empty when it had none). */
  reasons: string[];
}

/**
 * Counts a call's model claims and those whose citations survived verification, so the op can
 * fail with `ai_grounding_failed` when, under cite, claims were made and none survived (seed 002
 * §6 rule 3). Claims the model did not make (null values) are not counted.
 */
export class GroundingTally {
  private claims = 0;
  private grounded = 0;
  private readonly dropped: DroppedClaim[] = [];

  /** Records one claim and whether it kept a citation. */
  record(kept: boolean, dropped: DroppedClaim): void {
    this.claims += 1;
    if (kept) this.grounded += 1;
    else this.dropped.push(dropped);
  }

  /** Throws `ai_grounding_failed` (details.dropped) when claims were made and none is grounded. */
  requireSome(operation: string): void {
    if (this.claims === 0 || this.grounded > 0) return;
    const message = `None of the ${this.claims} value${this.claims === 1 ? '' : 's'} the model proposed for ${operation} kept a verifiable citation, so nothing is returned rather than ungrounded values. Retry, narrow the scope, or pass cite: false to accept uncited values.`;
    throw groundingFailedError(message, this.dropped.slice(0, LISTED_DROPPED), { count: this.dropped.length });
  }
}
