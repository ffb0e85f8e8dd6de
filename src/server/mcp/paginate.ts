import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** One page of a list and the cursor of the next, if any. */
export interface Page<Item> {
  items: Item[];
  nextCursor?: string;
}

/**
 * Slices `items` at the opaque `cursor` (an encoded offset). Pagination is by position in a
 * sorted list, so a file created between two pages may shift an entry by one: a client sees
 * every file that existed throughout the walk. An invalid cursor is `-32602`, as the spec asks.
 */
export function paginate<Item>(items: readonly Item[], cursor: string | undefined, pageSize: number): Page<Item> {
  const start = cursor === undefined ? 0 : decodeCursor(cursor);
  const end = start + pageSize;
  return { items: items.slice(start, end), ...(end < items.length ? { nextCursor: encodeCursor(end) } : {}) };
}

function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^offset:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match?.[1] === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  return Number(match[1]);
}
