import * as z from 'zod';
import { stillMissing } from '../../config/state-files';
import type { SearchService } from '../../search/service/search-service';
import { extensionOf } from '../../vault/paths';
import { sumLinkTotals } from '../../vault/link-totals';
import type { VaultOpening } from '../../vault/vault-host';
import { ENGINE_VERSION } from '../../version';
import { defineOperation, READ_ONLY } from '../operation';

/** `vault_status`: health and counts of the vault. */
export const vaultStatus = defineOperation({
  name: 'vault_status',
  title: 'Vault status',
  description: 'Vault health and counts (files, notes, links…), the state folder, the search index and AI usage today.',
  input: z.object({}),
  output: z.object({
    name: z.string().describe('Vault name (its folder name).'),
    version: z.string().describe('indx engine version.'),
    files: z.number().int().describe('All files (hidden folders excluded).'),
    notes: z.number().int().describe('Markdown notes.'),
    canvases: z.number().int().describe('.canvas files.'),
    bases: z.number().int().describe('.base files.'),
    attachments: z.number().int().describe('Other files.'),
    folders: z.number().int().describe('Folders.'),
    links: z.object({ resolved: z.number().int().describe('Resolved link count.'), unresolved: z.number().int().describe('Unresolved link count.') }).describe('Link totals, as Obsidian counts them.'),
    state_location: z.string().describe('Folder holding indx state (index, tokens, audit log).'),
    index: z
      .object({
        state: z.enum(['idle', 'building', 'ready']).describe('idle until the first search starts it; building while notes are being indexed; ready when every note is indexed.'),
        notes: z.number().int().describe('Notes in the search index.'),
        chunks: z.number().int().describe('Sections (chunks) in the search index.'),
        terms: z.number().int().describe('Distinct terms in the search index.'),
        size_on_disk: z.number().int().describe('Bytes of the saved index in the state folder (0 before the first save).'),
      })
      .nullable()
      .describe('The search index, or null when search is switched off.'),
    ai: z
      .object({
        available: z.boolean().describe('Whether any AI operation can run (ai_status has the details).'),
        model: z.string().nullable().describe('Chat model id, or null.'),
        calls_today: z.number().int().describe('AI calls during the current UTC day, cache hits included.'),
        cache_hits_today: z.number().int().describe('Of those, served from the cache.'),
        cache_misses_today: z.number().int().describe('Of those, produced by the model (cache misses).'),
        spend_today_usd: z.number().describe('Best-effort spend of the current UTC day, in US dollars.'),
      })
      .describe('The AI runtime at a glance (seed 002 §12).'),
    recovered: z
      .array(
        z.object({
          op: z.string().describe('The operation a crash interrupted (note_move, tag_rename).'),
          subject: z.string().describe('What it worked on: the path moved, the tag renamed.'),
          to: z.string().describe('The destination or new tag.'),
          started_at: z.string().describe('When it started (ISO 8601).'),
          outcome: z.enum(['completed', 'rolled_back', 'failed']).describe('completed: the rest was done at start; rolled_back: nothing had changed; failed: kept for the next start (see error).'),
          files: z.number().int().describe('Files written while finishing it.'),
          error: z.string().optional().describe('Why it could not be finished.'),
        }),
      )
      .describe('Multi-file operations a crash interrupted, finished when this server started (empty normally).'),
    opening: z
      .object({
        state: z.enum(['listing', 'reading', 'linking', 'open', 'failed']).describe('listing the folders, reading the notes, linking them, open (done), or failed (see error).'),
        files: z.number().int().describe('Files found so far.'),
        notes: z.number().int().describe('Notes found so far (all of them once listing is done).'),
        notes_parsed: z.number().int().describe('Notes read from disk and parsed.'),
        notes_from_cache: z.number().int().describe('Notes whose metadata came from the metadata cache in the state folder, unread: unchanged since the last run.'),
        duration_ms: z.number().int().describe('Time since reading started, or how long it took once open.'),
        error: z.string().optional().describe('Why reading the vault failed.'),
      })
      .nullable()
      .describe('How the headless server read the vault at start (null inside Obsidian, which keeps its own metadata cache). Until state is open the counts above are 0 and other calls wait for it.'),
    warnings: z
      .array(z.object({ code: z.enum(['config_missing', 'tokens_missing']).describe('Which state file is gone.'), message: z.string().describe('What it means and what to do.') }))
      .describe('State files this vault had that were gone at start: config.json (path rules back to defaults) or tokens.json (every token revoked). Empty normally.'),
  }),
  scope: 'vault:read',
  live: true,
  answersWhileOpening: true,
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/vault/status' },
  cli: ['vault', 'status'],
  async run(_input, context) {
    const counts = { md: 0, canvas: 0, base: 0 } as Record<string, number>;
    const files = context.host.listFiles();
    for (const file of files) counts[extensionOf(file.path)] = (counts[extensionOf(file.path)] ?? 0) + 1;
    const notes = counts.md ?? 0;
    const canvases = counts.canvas ?? 0;
    const bases = counts.base ?? 0;
    const today = await context.ai.ledger.today();
    return {
      name: context.host.name,
      version: ENGINE_VERSION,
      files: files.length,
      notes,
      canvases,
      bases,
      attachments: files.length - notes - canvases - bases,
      folders: context.host.listFolders().length,
      links: context.host.linkTotals?.() ?? sumLinkTotals(context.host),
      state_location: context.storage.location,
      index: indexStatus(context.search),
      opening: context.host.opening?.() ?? null,
      warnings: await stillMissing(context.storage, context.stateWarnings),
      recovered: context.recovered.map(({ op, subject, to, started_at, outcome, files, error }) => ({ op, subject, to, started_at, outcome, files, ...(error === undefined ? {} : { error }) })),
      ai: { available: context.ai.available, model: context.ai.chat?.model ?? null, calls_today: today.calls, cache_hits_today: today.cache_hits, cache_misses_today: today.calls - today.cache_hits, spend_today_usd: today.spend_usd },
    };
  },
  summarize: (output) => `Vault "${output.name}": ${openingSummary(output.opening) ?? `${output.notes} notes, ${output.files} files, ${output.links.unresolved} unresolved links.`}${output.warnings.map((warning) => ` Warning: ${warning.code}.`).join('')}${output.recovered.length === 0 ? '' : ` ${output.recovered.length} interrupted operation${output.recovered.length === 1 ? '' : 's'} finished at start.`}`,
});

/** While the vault is still being read at start: how far that got, instead of the counts (all 0 until then). */
function openingSummary(opening: VaultOpening | null): string | null {
  if (opening === null || opening.state === 'open') return null;
  if (opening.state === 'failed') return `reading the vault failed: ${opening.error ?? 'unknown error'}.`;
  return `still reading the vault (${opening.state}: ${opening.notes_parsed + opening.notes_from_cache} of ${opening.notes} notes read, ${opening.files} files found).`;
}

function indexStatus(search: SearchService | null) {
  if (search === null) return null;
  const { state, notes, chunks, terms, size_on_disk } = search.status();
  return { state, notes, chunks, terms, size_on_disk };
}
