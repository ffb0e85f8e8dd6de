/** One media range of an `Accept` header: its type (lower case) and quality. */
export interface AcceptRange {
  type: string;
  quality: number;
}

/** The media ranges an `Accept` header lists, in order (`q` defaults to 1; a malformed one counts as 0). */
export function readAcceptRanges(accept: string): AcceptRange[] {
  return accept.split(',').map((entry) => {
    const [type = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return { type, quality: Number.isFinite(quality) ? quality : 0 };
  });
}
