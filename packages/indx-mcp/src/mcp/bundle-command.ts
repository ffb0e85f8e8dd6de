import type { Command } from 'commander';
import { loadRuntime } from '../load-runtime';

/** The options of `indx mcp bundle`. */
export interface BundleOptions {
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
    // The relay's text and the zip writer load when a bundle is written (write-bundle.ts, in the
    // runtime), not for `--help`.
    .action(async (options: BundleOptions) => (await loadRuntime()).mcpBundleCommand(options));
}
