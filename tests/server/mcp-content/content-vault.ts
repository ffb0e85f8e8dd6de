import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { UriTemplate } from '@modelcontextprotocol/server';
import type { Caller } from '../../../src/core/engine';
import { IndxError } from '../../../src/core/errors';
import { RESOURCE_PROVIDERS, type ResourceContent } from '../../../src/server/mcp/resources';
import { openTempVault, writeTempFolder, type TempFiles, type TempVault } from '../../helpers/temp-vault';

/** A read-only token's caller. */
export const READER: Caller = { actor: 'token:reader', scopes: ['vault:read'] };
/** A read-write token's caller. */
export const WRITER: Caller = { actor: 'token:writer', scopes: ['vault:read', 'vault:write'] };
/** A caller holding no scope at all. */
export const NOBODY: Caller = { actor: 'token:none', scopes: [] };

/** The bytes of a PNG header: not UTF-8, so the host can never read it as text. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]);

/** A vault with notes, links (broken ones too), tags, properties, a daily note, a canvas and a base. */
export const CONTENT_FILES: TempFiles = {
  'Home.md': '---\ntags: [start]\nstatus: active\n---\n# Home\n## Plans\nSee [[Alpha]], [[Missing Note]] and ![[image.png]].\n',
  'Notes/Alpha.md': '---\nstatus: draft\naliases: [A]\n---\n# Alpha\nBack to [[Home]]. #project/alpha\n## Details\n### Deep\n',
  'Notes/Beta.md': 'No heading here; a typo: [[Alph]] and [[Alph]].\n',
  'Orphan.md': '---\ntags: [lonely]\nstatus: draft\nrating: 3\n---\nNobody links here.\n',
  'Daily/2026-11-20.md': '# 2026-11-20\n- [[Home]]\n',
  'My Notes/Café ü.md': '## Menu\nA note with a space and accents in its path.\n',
  'Board.canvas': '{"nodes":[{"id":"a","type":"file","file":"Home.md","x":0,"y":0,"width":100,"height":100}],"edges":[]}',
  'Views.base': 'filters:\n  and:\n    - file.hasTag("project")\n',
  'image.png': PNG_BYTES,
  'Empty/.keep': '',
  '.obsidian/app.json': '{}',
  '.trash/old.md': '[[Home]]',
};

/** Modification times (ms) given to the files, so recency and weekly windows are deterministic. */
export const MTIMES: Record<string, number> = {
  'Home.md': Date.UTC(2026, 10, 19, 12),
  'Notes/Alpha.md': Date.UTC(2026, 10, 18, 12),
  'Notes/Beta.md': Date.UTC(2026, 10, 10, 12),
  'Orphan.md': Date.UTC(2026, 0, 5, 12),
  'Daily/2026-11-20.md': Date.UTC(2026, 10, 20, 12),
  'My Notes/Café ü.md': Date.UTC(2025, 5, 1, 12),
  'Board.canvas': Date.UTC(2026, 10, 1, 12),
  'Views.base': Date.UTC(2026, 10, 1, 12),
  'image.png': Date.UTC(2026, 10, 1, 12),
};

/** Saturday 2026-11-21, noon UTC: the same calendar day in every time zone from UTC-11 to UTC+11. */
export const NOW = Date.UTC(2026, 10, 21, 12);

/**
 * Writes the content vault with its fixed modification times and opens it. With `beside`, the
 * vault is `<temp>/vault` and those files sit next to it in `<temp>` (for traversal tests).
 */
export async function openContentVault(files: TempFiles = CONTENT_FILES, beside?: TempFiles): Promise<TempVault> {
  const root = beside === undefined ? await writeTempFolder(files) : join(await writeTempFolder({ ...beside, ...prefixed('vault/', files) }), 'vault');
  for (const [path, mtime] of Object.entries(MTIMES)) {
    if (path in files) await fs.utimes(join(root, ...path.split('/')), new Date(mtime), new Date(mtime));
  }
  return openTempVault(root);
}

function prefixed(prefix: string, files: TempFiles): TempFiles {
  return Object.fromEntries(Object.entries(files).map(([path, content]) => [`${prefix}${path}`, content]));
}

/**
 * Reads a resource the way the MCP SDK routes `resources/read`: the URI is parsed and
 * re-serialised with `URL`, fixed URIs win, then templates are tried in provider order.
 */
export function readResource(vault: TempVault, uri: string, caller: Caller = READER): Promise<ResourceContent[]> {
  const normalized = new URL(uri).toString();
  for (const provider of RESOURCE_PROVIDERS) {
    if (provider.uri === normalized) return provider.read(normalized, {}, vault.engine, caller);
  }
  for (const provider of RESOURCE_PROVIDERS) {
    if (provider.uriTemplate === undefined) continue;
    const variables = new UriTemplate(provider.uriTemplate).match(normalized);
    if (variables !== null) return provider.read(normalized, variables as Record<string, string>, vault.engine, caller);
  }
  return Promise.reject(new IndxError('not_found', `no provider for ${uri}`));
}

/** Reads a JSON resource and parses its single text content. */
export async function readJson(vault: TempVault, uri: string, caller: Caller = READER): Promise<unknown> {
  const [content, ...rest] = await readResource(vault, uri, caller);
  expect(rest).toEqual([]);
  expect(content?.mimeType).toBe('application/json');
  return JSON.parse(content?.text ?? 'null') as unknown;
}

/** The provider with `name`. */
export function providerNamed(name: string) {
  const provider = RESOURCE_PROVIDERS.find((candidate) => candidate.name === name);
  if (provider === undefined) throw new Error(`no provider ${name}`);
  return provider;
}
