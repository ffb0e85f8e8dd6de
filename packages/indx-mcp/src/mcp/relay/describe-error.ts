/** A one-line account of an error for the log: its message, and the system code of its cause (ECONNREFUSED, …). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof cause === 'string' ? `${error.message}: ${cause}` : error.message;
}
