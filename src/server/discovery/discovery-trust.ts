import type { Stats } from 'node:fs';
import { LOOPBACK_HOSTNAMES } from '../http/loopback';

/** Group- and world-write permission bits. */
const WRITABLE_BY_OTHERS = 0o022;

/**
 * The base URL a discovery record may send clients to: `http://127.0.0.1|[::1]|localhost:<port>`
 * with the record's own `port`, nothing else (no user info, path, query or fragment). Null for any
 * other URL. Security: clients send their bearer token to this URL, so a record must never be
 * able to name another machine, or another port than the one it claims.
 */
export function toTrustedBaseUrl(url: string, port: number): string | null {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed === null || parsed.protocol !== 'http:' || !LOOPBACK_HOSTNAMES.includes(parsed.hostname)) return null;
  if (parsed.username !== '' || parsed.password !== '' || parsed.search !== '' || parsed.hash !== '' || parsed.pathname !== '/') return null;
  const actualPort = parsed.port === '' ? 80 : Number(parsed.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535 || actualPort !== port) return null;
  return `http://${parsed.hostname}:${port}`;
}

/**
 * Why a discovery folder or file with `stats` cannot be trusted by the user `uid`: it belongs to
 * another user, or others may write it (a group- or world-writable mode). Null when only `uid`
 * can change it, and always null without a `uid` (Windows has no POSIX owners or modes).
 */
export function findOwnershipProblem(stats: Stats, uid: number | null): string | null {
  if (uid === null) return null;
  if (stats.uid !== uid) return `belongs to another user (uid ${stats.uid})`;
  const mode = stats.mode & 0o777;
  if ((mode & WRITABLE_BY_OTHERS) !== 0) return `is writable by other users (mode ${mode.toString(8).padStart(3, '0')})`;
  return null;
}

/** The user id ownership is checked against: the process's on POSIX, null on Windows. */
export function currentUserId(): number | null {
  return process.platform === 'win32' || process.getuid === undefined ? null : process.getuid();
}
