import { isIndxError, type IndxError } from '../../src/core/errors';

/** Runs `action` and returns the IndxError it throws; fails the test when it throws nothing. */
export function thrownIndxError(action: () => unknown): IndxError {
  try {
    action();
  } catch (error: unknown) {
    if (isIndxError(error)) return error;
    throw error;
  }
  throw new Error('expected an IndxError, but the call succeeded');
}
