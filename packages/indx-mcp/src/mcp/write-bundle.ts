import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import relaySource from 'indx:relay-source';
import { ENGINE_VERSION } from '../../../../src/core/version';
import { buildMcpBundle } from '../../../../src/server/clients/mcp-bundle';
import { writeFileAtomic } from '../../../../src/hosts/node/atomic-write';
import { requireVaultFolder } from '../require-vault-folder';
import type { BundleOptions } from './bundle-command';

/** Writes the extension `indx mcp bundle` asks for (see `registerBundleCommand`) and says what it wrote. */
export async function writeBundle(options: BundleOptions): Promise<void> {
  const vault = options.vault === undefined ? undefined : await realpath(await requireVaultFolder(options.vault));
  const bundle = buildMcpBundle({ relaySource, version: ENGINE_VERSION, vault });
  const file = resolve(options.output ?? bundle.fileName);
  await writeFileAtomic(file, bundle.bytes, { mode: 0o644 });
  if (options.json === true) {
    process.stdout.write(`${JSON.stringify({ path: file, bytes: bundle.bytes.length, vault: vault ?? null, version: ENGINE_VERSION }, null, 2)}\n`);
    return;
  }
  process.stdout.write(
    [
      `Wrote the Claude Desktop extension ${file} (${bundle.bytes.length} bytes).`,
      'Open it with Claude Desktop (double-click it, or Settings → Extensions → Install Extension…).',
      'Claude Desktop asks for an access token: create one in Obsidian (Settings → indx → Access tokens) or with',
      `  indx token create --vault ${JSON.stringify(vault ?? 'DIR')} --name claude-desktop --scopes vault:read,vault:write`,
      'The extension relays to the running indx server: Obsidian with the vault open and indx enabled, or "indx serve --vault DIR".',
      '',
    ].join('\n'),
  );
}
