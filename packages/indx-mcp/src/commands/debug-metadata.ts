import type { Command } from 'commander';
import { loadRuntime } from '../load-runtime';

/**
 * `indx debug metadata --vault DIR PATH...`: what our parser says about notes, in the shape
 * of the captured Obsidian fixtures, so the two can be compared field by field. Works on any
 * folder, Obsidian vault or not. The vault host and the parser load when the command runs
 * (print-metadata.ts, in the runtime).
 */
export function registerDebugMetadata(program: Command): void {
  program
    .command('debug')
    .description('Debugging helpers')
    .command('metadata')
    .description('Print cachedMetadata, getAllTags, parseFrontMatterTags and link resolution for notes, as JSON')
    .requiredOption('--vault <dir>', 'vault folder')
    .argument('<paths...>', 'vault-relative note paths')
    .action(async (paths: string[], options: { vault: string }) => (await loadRuntime()).debugMetadataCommand(options.vault, paths));
}
