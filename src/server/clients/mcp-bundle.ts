import { basename } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { TOKEN_VARIABLE } from './client-entries';

/** Where the relay lives inside a bundle. */
export const BUNDLE_RELAY_PATH = 'server/relay.js';

/**
 * The MCPB manifest version written: 0.2, the `mcpb` tool's own default, because Claude Desktop
 * 1.0.211 still refused 0.3 (modelcontextprotocol/mcpb#143) and this manifest needs nothing newer.
 */
export const BUNDLE_MANIFEST_VERSION = '0.2';

/** What a Claude Desktop bundle is made of. */
export interface McpBundleInput {
  /** The stand-alone stdio relay's code (packages/indx-mcp/dist/relay.js). */
  relaySource: string;
  /** The version of indx that writes it. */
  version: string;
  /** The vault whose server the relay looks for (absolute path); the user can change it in Claude Desktop. */
  vault?: string;
}

/** A written bundle: its suggested file name and its bytes (a zip). */
export interface McpBundle {
  fileName: string;
  bytes: Uint8Array;
}

// Zip entries get a fixed time, so the same input always gives the same bytes. Zip stores local
// date fields (DOS time): built from local fields, the bytes are the same in every time zone.
const ZIP_TIME = new Date(2026, 0, 1);

/**
 * A Claude Desktop extension (`.mcpb`, MCP Bundle format): a zip holding `manifest.json` and the
 * stdio relay, which Claude Desktop runs with the Node it ships. At install Claude Desktop asks
 * for the access token (a sensitive setting, kept in the OS keychain and handed to the relay as
 * INDX_TOKEN) and, optionally, the vault folder; the relay then finds that vault's running
 * server (the Obsidian plugin or `indx serve`) through its discovery record. Security: the
 * bundle never holds a token.
 */
export function buildMcpBundle(input: McpBundleInput): McpBundle {
  const manifest = bundleManifest(input);
  const files = { 'manifest.json': strToU8(`${JSON.stringify(manifest, null, 2)}\n`), [BUNDLE_RELAY_PATH]: strToU8(input.relaySource) };
  return { fileName: `${manifest.name}.mcpb`, bytes: zipSync(files, { level: 9, mtime: ZIP_TIME }) };
}

/** The bundle's `manifest.json`, per the MCPB manifest specification (version {@link BUNDLE_MANIFEST_VERSION}). */
export function bundleManifest(input: McpBundleInput): { name: string } & Record<string, unknown> {
  const vaultName = input.vault === undefined ? null : basename(input.vault);
  return {
    manifest_version: BUNDLE_MANIFEST_VERSION,
    name: vaultName === null ? 'indx' : `indx-${toSlug(vaultName)}`,
    display_name: vaultName === null ? 'indx' : `indx: ${vaultName}`,
    version: input.version,
    description: 'Your Obsidian vault for Claude: search, read and edit notes through indx (the Obsidian plugin or indx serve must be running).',
    long_description: LONG_DESCRIPTION,
    author: { name: 'indx' },
    license: 'MIT',
    keywords: ['obsidian', 'notes', 'markdown', 'search', 'vault'],
    server: {
      type: 'node',
      entry_point: BUNDLE_RELAY_PATH,
      mcp_config: { command: 'node', args: [`\${__dirname}/${BUNDLE_RELAY_PATH}`, '--vault', '${user_config.vault}'], env: { [TOKEN_VARIABLE]: '${user_config.token}' } },
    },
    tools_generated: true,
    prompts_generated: true,
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: '>=18.0.0' } },
    user_config: {
      token: { type: 'string', title: 'Access token', description: 'An indx access token: in Obsidian, Settings → indx → Access tokens → Create (or "indx token create").', sensitive: true, required: true },
      vault: { type: 'directory', title: 'Vault folder', description: 'The Obsidian vault whose indx server Claude uses. Leave it empty when only one vault runs indx.', required: false, ...(input.vault === undefined ? {} : { default: input.vault }) },
    },
  };
}

const LONG_DESCRIPTION = [
  'indx serves an Obsidian vault to AI agents. This extension relays Claude Desktop to the indx server on your computer (127.0.0.1):',
  'the indx plugin while Obsidian runs with the vault open, or `indx serve --vault DIR` when it does not.',
  'Nothing leaves your computer through it; the token you enter stays in the system keychain.',
].join(' ');

/** A name part of lowercase letters, digits and hyphens (MCPB names are machine-readable). */
function toSlug(text: string): string {
  const slug = text.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug === '' ? 'vault' : slug.slice(0, 60);
}
