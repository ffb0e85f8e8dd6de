import type { FetchFunction } from './create-ai-sdk-embedder';

/**
 * `fetchFunction` with its own failures turned into `toError(error)`; aborts and timeouts pass
 * as they are. A fetch that throws never reached the provider (refused, DNS, TLS, offline).
 * Marking it here keeps that knowledge whatever the injected fetch is: the SDK recognises only
 * the platform fetch's own errors, and not across realms (jest's sandbox) or from one built on
 * requestUrl.
 */
export function guardFetch(fetchFunction: FetchFunction, toError: (error: unknown) => Error): FetchFunction {
  return async (input, init) => {
    try {
      return await fetchFunction(input, init);
    } catch (error: unknown) {
      if (isAbort(error)) throw error;
      throw toError(error);
    }
  };
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}
