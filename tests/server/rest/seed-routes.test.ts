import { SERVED_FILES, serveVault, type ServedVault } from '../http/server-harness';
import { ALL_OPERATIONS } from '../../../src/core/ops/all-operations';
import { APP_OPERATIONS, seedRows, type SeedRow } from '../../helpers/seed-table';

const BODIES: Record<string, unknown> = {
  note_read_many: { paths: ['Welcome.md', 'Daily/2026-11-21.md'] },
  note_write: { body: 'new body' },
  note_patch: { ops: [{ op: 'append_body', markdown: 'more' }] },
  note_move: { to: 'Moved.md' },
  note_daily: { date: '2026-11-21' },
  tag_rename: { from: 'journal', to: 'log', dry_run: true },
  vault_config_set: { config: {} },
  workspace_open: { path: 'Welcome.md' },
  attachment_write: { data: Buffer.from('new bytes').toString('base64') },
  canvas_write: { canvas: { nodes: [{ id: 'a1b2c3d4e5f60718', type: 'text', text: 'Hello', x: 0, y: 0, width: 200, height: 60 }], edges: [] } },
  canvas_patch: { ops: [{ op: 'add_node', node: { type: 'file', file: 'Welcome.md', x: 300, y: 0, width: 400, height: 300 } }] },
  ai_summarize: { scope: { kind: 'paths', paths: ['Welcome.md'] } },
  ai_ask: { question: 'What is next?' },
  ai_toc: { mode: 'note', path: 'Welcome.md' },
  ai_relate: { source: { kind: 'path', path: 'Welcome.md' } },
  ai_tag: { scope: { kind: 'paths', paths: ['Welcome.md'] } },
  ai_metadata: { scope: { kind: 'paths', paths: ['Welcome.md'] }, fields: [{ key: 'title', type: 'string' }] },
  ai_extract: { scope: { kind: 'paths', paths: ['Welcome.md'] }, schema: { type: 'object' } },
};

/**
 * AI operations whose row answers without a provider: ai_status, and ai_toc, whose row asks for
 * the outline of a note (no model call, seed 002 §5.3).
 */
const ANSWERED_WITHOUT_PROVIDER = new Set(['ai_status', 'ai_toc']);

/**
 * The status each row answers with on this vault, which has no AI provider: the other AI
 * operations reach their operation and refuse with 503 ai_unavailable (their real answers are
 * tested against a loopback provider under tests/ai). The app operations refuse with 503
 * editor_unavailable: this server is headless (tests/obsidian/plugin-editor.test.ts runs them in the plugin).
 */
function statusOf(row: SeedRow): number {
  if (APP_OPERATIONS.includes(row.tool)) return 503;
  return row.tool.startsWith('ai_') && !ANSWERED_WITHOUT_PROVIDER.has(row.tool) ? 503 : 200;
}

/** The file each kind of row works on: canvases and bases have their own. */
function fileFor(row: SeedRow): string {
  if (row.tool.startsWith('canvas_')) return 'Board.canvas';
  if (row.tool === 'base_query') return 'Daily.base';
  if (row.tool.startsWith('attachment_')) return 'pic.png';
  if (row.method === 'GET' || row.method === 'HEAD') return 'Daily/2026-11-21.md';
  return row.tool === 'note_delete' ? 'Moved.md' : 'Lonely.md';
}

const FILES = {
  ...SERVED_FILES,
  'Board.canvas': '{\n\t"nodes":[\n\t\t{"id":"0123456789abcdef","type":"file","file":"Welcome.md","x":0,"y":0,"width":400,"height":400}\n\t],\n\t"edges":[]\n}',
  'pic.png': 'not really a PNG, but bytes all the same',
  'Daily.base': 'filters:\n  and:\n    - file.inFolder("Daily")\nviews:\n  - type: table\n    name: Days\n',
};

/** Query strings of GET rows that need input beyond the path. */
const QUERIES: Record<string, string> = {
  vault_search: '?q=Saturday',
};

describe('the REST surface walks the seed 000 §7 table', () => {
  let served: ServedVault;
  const rows = seedRows();

  beforeAll(async () => {
    served = await serveVault({ files: FILES });
  });

  afterAll(async () => {
    await served.dispose();
  });

  it('reads a row of the table for every operation', () => {
    expect(rows.map((row) => row.tool).sort()).toEqual(ALL_OPERATIONS.map((operation) => operation.name).sort());
  });

  it('binds every implemented row exactly as the seed says; the rest are pending', () => {
    const operations = new Map(served.vault.engine.registry.list().map((operation) => [operation.name, operation]));
    expect(rows.filter((row) => !operations.has(row.tool)).map((row) => row.tool)).toEqual([]);
    for (const row of rows.filter((candidate) => operations.has(candidate.tool))) {
      const http = operations.get(row.tool)?.http;
      expect([row.tool, { method: http?.method, path: http?.path }]).toEqual([row.tool, { method: row.method, path: row.path }]);
    }
  });

  it('reaches each implemented row over HTTP, running the operation the seed names', async () => {
    const names = new Set(served.vault.engine.registry.list().map((operation) => operation.name));
    // Reads first, then writes on Lonely.md and Board.canvas; the move and the delete run last.
    const last = (row: SeedRow) => ['note_move', 'note_delete'].indexOf(row.tool);
    const implemented = rows.filter((row) => names.has(row.tool)).sort((a, b) => last(a) - last(b));
    for (const row of implemented) {
      const path = row.path.replace('{path}', encodeURIComponent(fileFor(row))).replace('{tag}', 'journal').replace('{id}', 'app:reload') + (QUERIES[row.tool] ?? '');
      const body = BODIES[row.tool];
      const response = await served.fetch(path, { method: row.method, token: served.admin, ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }) });
      expect([row.tool, response.headers.get('x-indx-operation'), response.status]).toEqual([row.tool, row.tool, statusOf(row)]);
    }
  });
});
