/** The prefix of every indx token, so leaked secrets are easy to recognise and scan for. */
export const TOKEN_PREFIX = 'indx_';

const SECRET_BYTES = 32;
const TOKEN_PATTERN = /^indx_[A-Za-z0-9_-]{43}$/;

/**
 * Generates a new token secret: `indx_` followed by 43 base64url characters (32 random bytes
 * from the platform's cryptographic generator).
 */
export function generateTokenSecret(): string {
  const bytes = new Uint8Array(SECRET_BYTES);
  crypto.getRandomValues(bytes);
  return `${TOKEN_PREFIX}${toBase64url(bytes)}`;
}

/** True when `value` has the shape of an indx token (it may still be unknown or revoked). */
export function isTokenSecret(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
