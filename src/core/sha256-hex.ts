/**
 * The SHA-256 of a text as lower-case hex, through the Web Crypto API (global in Node 20 and in
 * Obsidian's Electron), so the core needs no Node built-in.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
