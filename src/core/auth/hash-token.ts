import { sha256Hex } from '../sha256-hex';

/**
 * The SHA-256 of a token secret as lower-case hex, prefixed `sha256:`. Only this hash is ever
 * stored; the secret itself is shown once, when the token is created.
 */
export async function hashToken(secret: string): Promise<string> {
  return `sha256:${await sha256Hex(secret)}`;
}
