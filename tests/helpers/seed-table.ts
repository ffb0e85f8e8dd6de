import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** One row of seed 000 §7: MCP tool ↔ HTTP route ↔ CLI words (after `indx`). */
export interface SeedRow {
  tool: string;
  method: string;
  path: string;
  cli: string;
}

/** The AI operations of the seed: offered (listed as tools) only while an AI provider is configured (seed 002 §2). */
export const AI_OPERATIONS = ['ai_status', 'ai_summarize', 'ai_ask', 'ai_toc', 'ai_relate', 'ai_tag', 'ai_metadata', 'ai_extract'];

/** The operations only the Obsidian app gives (`Operation.app`): never offered by a headless server, where they answer editor_unavailable. */
export const APP_OPERATIONS = ['workspace_active', 'workspace_open', 'command_list', 'command_run'];

/** The project's copy of that table: docs/surface-mapping.md. */
const MAPPING = resolve(__dirname, '../../docs/surface-mapping.md');

/**
 * The rows of the MCP ↔ HTTP ↔ CLI table of seed 000 §7, as kept in docs/surface-mapping.md,
 * and of the operations added after the seed that it lists below them (one markdown row per
 * tool: `` | `tool` | `METHOD /path` | `indx words` | ``).
 */
export function seedRows(): SeedRow[] {
  const row = /^\| `([a-z_]+)` \| `([A-Z]+) (\S+)` \| `indx ([^`]+)` \|$/gm;
  return [...readFileSync(MAPPING, 'utf8').matchAll(row)].map((match) => ({ tool: match[1] ?? '', method: match[2] ?? '', path: match[3] ?? '', cli: (match[4] ?? '').trim() }));
}
