import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DATA } from '../helpers/corpora';

/** One capture from the real Obsidian app (see the fixtures' README). */
export interface Capture {
  name: string;
  filePath: string;
  fileContents: string;
  cachedMetadata: Record<string, unknown>;
  getAllTags: string[] | null;
  parseFrontMatterTags: string[] | null;
  resolveLinkToPath: Record<string, string | null>;
}

/** The read-only folder of captures (data/obsidian-cache, MIT, from obsidian-tasks). */
export const FIXTURES = path.join(DATA, 'obsidian-cache');

/** Every capture, sorted by file name. */
export function loadCaptures(): Capture[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, ...(JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as Omit<Capture, 'name'>) }));
}

/** Tallies exact matches per field and remembers the mismatches to show. */
export class Tally {
  readonly totals = new Map<string, { matched: number; total: number }>();
  readonly mismatches: string[] = [];

  record(field: string, where: string, actual: unknown, expected: unknown): void {
    const entry = this.totals.get(field) ?? { matched: 0, total: 0 };
    entry.total += 1;
    if (isDeepStrictEqual(actual, expected)) entry.matched += 1;
    else this.mismatches.push(`${where} ${field}\n  got      ${JSON.stringify(actual)}\n  expected ${JSON.stringify(expected)}`);
    this.totals.set(field, entry);
  }

  /** Compares the key set and every top-level field of a cachedMetadata object. */
  recordMetadata(prefix: string, where: string, actual: Record<string, unknown>, expected: Record<string, unknown>): void {
    this.record(`${prefix}(key set)`, where, Object.keys(actual).sort(), Object.keys(expected).sort());
    for (const key of new Set([...Object.keys(actual), ...Object.keys(expected)])) this.record(`${prefix}${key}`, where, actual[key], expected[key]);
  }

  table(): string {
    const rows = [...this.totals.entries()].map(([field, { matched, total }]) => `${field.padEnd(30)} ${String(matched).padStart(4)} / ${total}`);
    return ['field                          exact / total', ...rows].join('\n');
  }
}
