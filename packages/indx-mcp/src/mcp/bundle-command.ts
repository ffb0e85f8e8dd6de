import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import relaySource from 'indx:relay-source';
import { ENGINE_VERSION } from '../../../../src/core/version';
import { buildMcpBundle } from '../../../../src/server/clients/mcp-bundle';
import { writeFileAtomic } from '../../../../src/hosts/node/atomic-write';
import { reportError } from '../report-error';
import { requireVaultFolder } from '../require-vault-folder';

interface BundleOptions {
  vault?: string;
  output?: string;
  json?: boolean;
}

/**
 * `indx mcp bundle [--vault DIR] [--output FILE]`: writes a Claude Desktop extension (`.mcpb`)
 * holding the stdio relay (see `buildMcpBundle`); Claude Desktop installs it with a double
 * click and asks for the token.
 */
export function registerBundleCommand(mcp: Command): void {
  mcp
    .command('bundle')
    .description('Write a Claude Desktop extension (.mcpb): open it with Claude Desktop, which asks for the token and then reaches the running indx server (Obsidian plugin or "indx serve")')
    .option('--vault <dir>', 'the vault whose server the extension uses (the user can change it in Claude Desktop); without it, the only running server')
    .option('-o, --output <file>', 'where to write it (default: ./indx.mcpb, or ./indx-<vault>.mcpb with --vault)')
    .option('--json', 'print the result as JSON')
    .action(async (options: BundleOptions) => {
      await writeBundle(options).catch((error: unknown) => {
        process.exitCode = reportError(error);
      });
    });
}

async function writeBundle(options: BundleOptions): Promise<void> {
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
