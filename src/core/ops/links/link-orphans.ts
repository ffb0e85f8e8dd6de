import * as z from 'zod';
import { extensionOf } from '../../vault/paths';
import type { VaultHost } from '../../vault/vault-host';
import { defineOperation, READ_ONLY } from '../operation';
import { paginate } from '../cursor';
import { cursorField, limitField, nextCursorField } from '../schemas';

/** `link_orphans`: notes with no resolved links in or out (self-links ignored). */
export const linkOrphans = defineOperation({
  name: 'link_orphans',
  title: 'Orphan notes',
  description: 'List orphan notes: no links in or out (self-links ignored), sorted by path.',
  input: z.object({ limit: limitField(100, 1000), cursor: cursorField }),
  output: z.object({ orphans: z.array(z.string()).describe('Paths of orphan notes.'), total: z.number().int().describe('Number of orphans.'), next_cursor: nextCursorField }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/links/orphans' },
  cli: ['link', 'orphans'],
  run(input, context) {
    const orphans = findOrphans(context.host);
    const { page, next_cursor } = paginate(orphans, input.cursor, input.limit);
    return Promise.resolve({ orphans: page, total: orphans.length, next_cursor });
  },
  summarize: (output) => `${output.total} orphan note${output.total === 1 ? '' : 's'}.`,
});

function findOrphans(host: VaultHost): string[] {
  const linked = new Set<string>();
  for (const [source, targets] of Object.entries(host.resolvedLinks())) {
    for (const target of Object.keys(targets)) {
      if (target === source) continue;
      linked.add(target);
      linked.add(source);
    }
  }
  return host.listFiles().map((file) => file.path).filter((path) => extensionOf(path) === 'md' && !linked.has(path)).sort();
}
