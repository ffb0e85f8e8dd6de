/**
 * Why a persisted shard cannot be used (missing, truncated, wrong version, checksum mismatch).
 * Thrown inside the loader and caught there: a bad shard means "rebuild", never a crash.
 */
export class ShardProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShardProblem';
  }
}
