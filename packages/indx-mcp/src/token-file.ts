import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../../src/hosts/node/atomic-write';

/** The token in `file`: its first line, trimmed; null when the file is missing or that line is empty. */
export async function readTokenLine(file: string): Promise<string | null> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  });
  const token = text.split(/\r?\n/)[0]?.trim() ?? '';
  return token === '' ? null : token;
}

/**
 * Writes a just-created token's `secret` as a new token file: its folder created, the file
 * private (0600) and created only if it does not exist (EEXIST otherwise), so no other token is
 * ever overwritten. When the write fails, `revoke` takes the token back: its secret would be lost.
 */
export async function writeNewTokenFile(file: string, secret: string, revoke: () => Promise<void>): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFileAtomic(file, `${secret}\n`, { mode: 0o600, exclusive: true });
  } catch (error: unknown) {
    await revoke();
    throw error;
  }
}
