import * as z from 'zod';
import { IndxError } from '../errors';
import type { Storage } from '../vault/storage';
import { aiConfigSchema } from './ai-config';
import { embeddingSettingsSchema } from './embedding-settings';
import { compileGlob } from '../notes/glob';
import { attachmentSettingsSchema } from './attachment-settings';

/** The port indx listens on by default: one no surveyed peer uses. */
export const DEFAULT_PORT = 27643;

/** A path rule's glob, compiled once here so a bad one is refused when saved, not when used. */
const globField = z.string().min(1).superRefine((glob, context) => {
  try {
    compileGlob(glob);
  } catch (error: unknown) {
    context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
  }
});

/** indx's per-vault settings, versioned; every field has a default. */
export const vaultConfigSchema = z.object({
  version: z.literal(1).default(1).describe('Schema version of this configuration.'),
  server: z
    .object({ port: z.number().int().min(1024).max(65535).default(DEFAULT_PORT).describe('Loopback port of the HTTP server (MCP at /mcp, REST at /v1).') })
    .prefault({})
    .describe('HTTP server settings.'),
  access: z
    .object({
      write_enabled: z.boolean().default(true).describe('When false, every write operation fails with forbidden, whatever the token allows.'),
      excluded_paths: z
        .array(globField)
        .default([])
        .describe('Globs of paths never served: not listed, read, searched, embedded, linked to or written (e.g. "Private/**", "Journal/*.md"). A glob covering a folder covers everything in it.'),
      read_only_paths: z.array(globField).default([]).describe('Globs of paths served but never created, changed, moved or deleted (e.g. "Archive/**").'),
      tool_profiles: z
        .record(z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'a profile name is lower-case letters, digits, _ and -'), z.array(z.string().min(1)).min(1))
        .default({})
        .describe('Named tool lists a token can be limited to, besides the built-in "full" and "core" (e.g. {"research": ["vault_search", "note_read"]}); chosen when a token is made.'),
    })
    .prefault({})
    .describe('What callers may do.'),
  search: z
    .object({
      embeddings: embeddingSettingsSchema
        .prefault({})
        .describe('Embeddings provider for semantic and hybrid search. Keys never live here: they come from INDX_EMBEDDINGS_API_KEY (or the app\'s secret storage).'),
    })
    .prefault({})
    .describe('Search settings.'),
  attachments: attachmentSettingsSchema.prefault({}).describe('Attachment reads and uploads (attachment_read, attachment_write, vault:// resources).'),
  ai: aiConfigSchema.prefault({}).describe('The AI runtime: chat model, limits, which notes may reach the model, cache and daily spend. Keys never live here: they come from INDX_AI_API_KEY / INDX_OPENAI_API_KEY (or the app\'s secret storage).'),
});

/** indx's per-vault settings. */
export type VaultConfig = z.output<typeof vaultConfigSchema>;

export const CONFIG_FILE = 'config.json';

/** Reads the configuration from the state folder; a missing file gives the defaults. */
export async function readVaultConfig(storage: Storage): Promise<VaultConfig> {
  const bytes = await storage.read(CONFIG_FILE);
  if (bytes === null) return vaultConfigSchema.parse({});
  return parseConfig(new TextDecoder().decode(bytes));
}

/** Validates and saves a configuration atomically. */
export async function writeVaultConfig(storage: Storage, config: unknown): Promise<VaultConfig> {
  const parsed = vaultConfigSchema.safeParse(config);
  if (!parsed.success) throw invalidConfig(parsed.error);
  await storage.write(CONFIG_FILE, `${JSON.stringify(parsed.data, null, 2)}\n`);
  return parsed.data;
}

/** Deep-merges a partial configuration over the current one (objects merge, arrays and scalars replace). */
export function mergeConfig(current: unknown, patch: unknown): unknown {
  if (!isPlainObject(current) || !isPlainObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) merged[key] = mergeConfig(current[key], value);
  return merged;
}

function parseConfig(text: string): VaultConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error: unknown) {
    throw new IndxError('invalid_input', `The indx configuration (${CONFIG_FILE} in the state folder) is not valid JSON. Fix or delete it.`, {}, { cause: error });
  }
  const parsed = vaultConfigSchema.safeParse(raw);
  if (!parsed.success) throw invalidConfig(parsed.error);
  return parsed.data;
}

function invalidConfig(error: z.ZodError): IndxError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new IndxError('invalid_input', `Invalid indx configuration: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}.`, { issues });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
