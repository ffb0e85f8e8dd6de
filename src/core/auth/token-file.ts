import * as z from 'zod';
import { IndxError } from '../errors';
import type { Storage } from '../vault/storage';

/** The entry holding token definitions (hashes only), shared by the plugin and headless servers. */
export const TOKENS_FILE = 'tokens.json';

/** The entry holding when each token was last used; written by servers, never by `create`/`revoke`. */
export const TOKEN_USAGE_FILE = 'token-usage.json';

const scopeSchema = z.enum(['vault:read', 'vault:write', 'vault:admin', 'app:editor']);

const tokenRecordSchema = z.object({
  name: z.string(),
  hash: z.string(),
  scopes: z.array(scopeSchema),
  /** The only tools the token may use (its profile); absent: every tool its scopes allow. */
  tools: z.array(z.string().min(1)).optional(),
  created: z.string(),
});

/**
 * Version 2 is written only while some token is limited to tools: an indx from before tool
 * profiles reads version 1 only, so it refuses such a file instead of dropping the limits
 * (treating a limited token as unlimited, and erasing the limits when it next writes the file).
 */
const tokenFileSchema = z.object({ version: z.union([z.literal(1), z.literal(2)]), tokens: z.array(tokenRecordSchema) });

/** One stored token: its name, the SHA-256 of its secret, its scopes and when it was made. */
export type TokenRecord = z.infer<typeof tokenRecordSchema>;

/**
 * Reads the token definitions. A missing file means no tokens; a file that does not parse is
 * reported as `internal_error` (never silently replaced, which would drop every token).
 */
export async function readTokenFile(storage: Storage): Promise<TokenRecord[]> {
  const parsed = tokenFileSchema.safeParse(await readJson(storage, TOKENS_FILE, { version: 1, tokens: [] }));
  if (parsed.success) return parsed.data.tokens;
  throw new IndxError('internal_error', `${TOKENS_FILE} in ${storage.location} is not a valid token file. Restore it from a backup or remove it and create the tokens again.`, { file: TOKENS_FILE });
}

/** Replaces the token definitions atomically. */
export async function writeTokenFile(storage: Storage, tokens: readonly TokenRecord[]): Promise<void> {
  const version = tokens.some((token) => token.tools !== undefined) ? 2 : 1;
  await storage.write(TOKENS_FILE, `${JSON.stringify({ version, tokens }, null, 2)}\n`);
}

/** When each token was last used (name → ISO time); an unreadable file counts as empty. */
export async function readTokenUsage(storage: Storage): Promise<Record<string, string>> {
  const parsed = z.record(z.string(), z.string()).safeParse(await readJson(storage, TOKEN_USAGE_FILE, {}).catch(() => ({})));
  return parsed.success ? parsed.data : {};
}

/** Replaces the usage record atomically. */
export async function writeTokenUsage(storage: Storage, usage: Record<string, string>): Promise<void> {
  await storage.write(TOKEN_USAGE_FILE, `${JSON.stringify(usage, null, 2)}\n`);
}

async function readJson(storage: Storage, name: string, fallback: unknown): Promise<unknown> {
  const bytes = await storage.read(name);
  if (bytes === null) return fallback;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
