import { isIndxError, type ErrorCode } from '../../src/core/errors';

/** Awaits `promise` and returns the IndxError it rejects with, failing unless the code matches. */
export async function expectIndxError(promise: Promise<unknown>, code: ErrorCode): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error: unknown) {
    if (!isIndxError(error)) throw error;
    expect(error.code).toBe(code);
    return error.details;
  }
  throw new Error(`expected an IndxError with code ${code}, but the call succeeded`);
}
