import * as z from 'zod';
import { defineOperation } from '../operation';

/** `vault_reindex`: re-reads the whole vault and applies every change no watcher reported. */
export const vaultReindex = defineOperation({
  name: 'vault_reindex',
  title: 'Rebuild the index',
  description: 'Rebuild metadata, link maps and indexes from the vault files (picks up edits no watcher saw). Returns counts and duration.',
  input: z.object({}),
  output: z.object({
    files: z.number().int().describe('Files in the vault after the rebuild.'),
    notes: z.number().int().describe('Markdown notes after the rebuild.'),
    duration_ms: z.number().describe('How long the rebuild took, in milliseconds.'),
  }),
  scope: 'vault:admin',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'POST', path: '/v1/vault/reindex' },
  cli: ['vault', 'index', '--rebuild'],
  async run(_input, context) {
    const started = context.clock();
    await context.host.rescan();
    const files = context.host.listFiles();
    return { files: files.length, notes: files.filter((file) => file.path.endsWith('.md')).length, duration_ms: context.clock() - started };
  },
  summarize: (output) => `Reindexed ${output.notes} notes (${output.files} files) in ${Math.round(output.duration_ms)} ms.`,
});
