import { readAcceptRanges } from './accept-ranges';

/**
 * Whether an `Accept` header names `application/json` (with a non-zero quality): a route that can
 * answer with a file's raw bytes answers with the JSON envelope instead. Wildcards (`*\/*`, what
 * curl and browsers send) and no header at all get the bytes.
 */
export function wantsJson(accept: string | undefined): boolean {
  return accept !== undefined && readAcceptRanges(accept).some((range) => range.type === 'application/json' && range.quality > 0);
}
