/**
 * A model's confidence on the 0–1 scale: clamped when it overshoots (some models round past the
 * bounds), 0 when it is missing or not a finite number.
 */
export function clampConfidence(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
