/**
 * The SHA-256 of a token secret as lower-case hex, prefixed `sha256:`. Only this hash is ever
 * stored; the secret itself is shown once, when the token is created.
 */
export async function hashToken(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return `sha256:${[...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
