/** One step of taking something down (closing a server, releasing a lock). */
export type Cleanup = () => Promise<void>;

/** Runs every step in order even when one fails, then rethrows the first failure. */
export async function runAll(steps: readonly Cleanup[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) await step().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}
