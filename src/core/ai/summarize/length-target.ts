/** Target tokens of a summary's text per requested length (seed 002 §5.1: ~50 / 200 / 600). */
export const LENGTH_TARGET_TOKENS = { short: 50, medium: 200, long: 600 } as const;

/** A summary length. */
export type SummaryLength = keyof typeof LENGTH_TARGET_TOKENS;
