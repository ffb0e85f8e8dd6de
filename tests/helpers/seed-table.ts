import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED } from './temp-vault';

/** One row of seed 000 §7: MCP tool ↔ HTTP route ↔ CLI words (after `indx`). */
export interface SeedRow {
  tool: string;
  method: string;
  path: string;
  cli: string;
}

/** The AI operations of the seed: offered (listed as tools) only while an AI provider is configured (seed 002 §2). */
export const AI_OPERATIONS = ['ai_status', 'ai_summarize', 'ai_ask', 'ai_toc', 'ai_relate', 'ai_tag', 'ai_metadata', 'ai_extract'];

const TOOL = '(?:note|vault|link|tag|canvas|base|ai)_[a-z_]+';
const METHOD = '(?:GET|POST|PUT|PATCH|DELETE|HEAD)';

/**
 * The rows of the MCP ↔ HTTP ↔ CLI table of seed 000 §7, parsed from the seed text itself (the
 * page flattens the table, so a row ends where the next tool name begins).
 */
export function seedRows(): SeedRow[] {
  const text = readFileSync(join(SHARED, 'seeds', '000_04db0f7434df8725.txt'), 'utf8');
  const table = text.slice(text.indexOf('MCP tool ↔ HTTP ↔ CLI'), text.indexOf('8. Worked examples'));
  const row = new RegExp(`(${TOOL}) (${METHOD}) (\\S+) indx (.+?)(?=${TOOL} ${METHOD} |8\\.|$)`, 'gs');
  return [...table.matchAll(row)].map((match) => ({ tool: match[1] ?? '', method: match[2] ?? '', path: match[3] ?? '', cli: (match[4] ?? '').trim() }));
}
