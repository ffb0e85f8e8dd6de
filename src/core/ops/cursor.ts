import { IndxError } from '../errors';

/**
 * Opaque pagination cursors. A cursor is the base64url of `offset:<n>`: simple, and stable for
 * lists whose order is deterministic (every list the engine returns is sorted).
 */

/** Encodes the offset of the next page, or null when there is none. */
export function toCursor(offset: number, total: number): string | null {
  return offset >= total ? null : base64url(`offset:${offset}`);
}

/** Decodes a cursor into an offset (0 when absent); `invalid_input` when malformed. */
export function fromCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  const match = /^offset:(\d+)$/.exec(decodeBase64url(cursor));
  if (match?.[1] === undefined) throw new IndxError('invalid_input', 'The cursor is not one this server issued. Omit it to start from the first page.', { cursor });
  return Number(match[1]);
}

/** One page of `items` starting at `cursor`, with the next cursor. */
export function paginate<T>(items: readonly T[], cursor: string | undefined, limit: number): { page: T[]; next_cursor: string | null } {
  const offset = fromCursor(cursor);
  return { page: items.slice(offset, offset + limit), next_cursor: toCursor(offset + limit, items.length) };
}

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeBase64url(text: string): string {
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return '';
  }
}
