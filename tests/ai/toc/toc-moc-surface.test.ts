import type { z } from 'zod';
import type { tocOutputSchema } from '../../../src/core/ai/toc/toc-output-schema';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { auditEntries, mcpErrorOf, readOnDisk, restCall, sentText, structuredOf, userMessageOf } from '../../helpers/ai-surface';

type TocOutput = z.output<typeof tocOutputSchema>;

const FILES = {
  'Projects/Alpha.md': '---\ntags: [project]\n---\n# Alpha\n\nAlpha ships the sync engine.\n',
  'Projects/Beta.md': '---\ntags: [infra, project]\n---\n# Beta\n\nBeta is the storage layer.\n',
  'Projects/Gamma.md': '# Gamma\n\nGamma has no tag yet.\n',
  'Projects/Sub/Delta.md': '---\ntags: [project]\n---\n# Delta\n\nDelta is a follow-up of Alpha.\n',
  'Projects/Private/Secret.md': '---\ntags: [project]\n---\nSECRET-MOC-TEXT\n',
  'Elsewhere/Alpha.md': '# Another Alpha\n',
};

const SCOPE = { kind: 'glob', path_glob: 'Projects/**' };

describe('ai_toc MOC mode through MCP and REST', () => {
  let harness: AiHarness;
  beforeEach(async () => {
    harness = await startAiHarness({ files: FILES, environment: { INDX_AI_DENY_GLOBS: 'Projects/Private/**' } });
  });
  afterEach(async () => harness.dispose());

  it('groups by first tag, has the model title the groups, links notes the way Obsidian would, and reports globs_excluded (REST)', async () => {
    harness.openai.onChat(() => ({ json: { groups: [{ key: 'project', title: 'Active projects' }, { key: 'infra', title: 'Infrastructure' }, { key: 'ghost', title: 'Ignored' }] } }));
    const response = await restCall<TocOutput>(harness, 'POST', '/v1/ai/toc', { mode: 'moc', scope: SCOPE, group_by: 'tag', title: 'Projects' });
    expect(response.status).toBe(200);
    const data = response.data;
    // "Alpha" is not a unique name in this vault: Obsidian writes the full path; the others by name.
    expect(data.toc_markdown).toBe(['# Projects', '', '## Active projects', '- [[Projects/Alpha]]', '- [[Delta]]', '', '## Infrastructure', '- [[Beta]]', '', '## Untagged', '- [[Gamma]]', ''].join('\n'));
    expect(data.toc_tree[0]).toEqual({ title: 'Active projects', children: [{ title: 'Alpha', path: 'Projects/Alpha.md' }, { title: 'Delta', path: 'Projects/Sub/Delta.md' }] });
    expect(data.scope_resolved.paths).toEqual(['Projects/Alpha.md', 'Projects/Beta.md', 'Projects/Gamma.md', 'Projects/Sub/Delta.md']);
    expect(data.warnings).toEqual([expect.objectContaining({ code: 'globs_excluded', details: expect.objectContaining({ paths: ['Projects/Private/Secret.md'] }) as unknown })]);
    expect(data.citations).toEqual([]);
    expect(userMessageOf(harness)).toContain('key "infra": Projects/Beta.md');
    // Titling needs only the outline: each note's heading lines, inside its <note> tags like any note text.
    expect(userMessageOf(harness)).toMatch(/<note path="Projects\/Beta\.md" etag="[0-9a-f]{16}">\n3\| # Beta\n<\/note>/);
    expect(userMessageOf(harness)).not.toContain('Beta is the storage layer.');
    expect(sentText(harness)).not.toContain('SECRET-MOC-TEXT');
  });

  it('groups by folder with one cited summary per note; a summary citing a line its note lacks is dropped (MCP)', async () => {
    harness.openai.onChat(() => ({
      json: {
        groups: [{ key: 'Projects', title: 'Main projects' }, { key: 'Projects/Sub', title: 'Follow-ups' }],
        summaries: [
          { path: 'Projects/Alpha.md', summary: 'Ships the sync engine.', line: 5 },
          { path: 'Projects/Beta.md', summary: 'Storage layer.', line: 99 },
          { path: 'Projects/Gamma.md', summary: 'Untagged so far.', line: 2 },
          { path: 'Projects/Sub/Delta.md', summary: 'Follows Alpha.', line: 5 },
        ],
      },
    }));
    const output = structuredOf<TocOutput>(await harness.callTool('ai_toc', { mode: 'moc', scope: SCOPE, group_by: 'folder', include_summaries: true }));
    expect(output.toc_markdown).toBe(['# Map of Content', '', '## Follow-ups', '- [[Delta]] — Follows Alpha.', '', '## Main projects', '- [[Projects/Alpha]] — Ships the sync engine.', '- [[Beta]]', '- [[Gamma]] — Untagged so far.', ''].join('\n'));
    expect(output.citations.map((citation) => [citation.path, citation.line])).toEqual([
      ['Projects/Sub/Delta.md', 5],
      ['Projects/Alpha.md', 5],
      ['Projects/Gamma.md', 2],
    ]);
    expect(output.citations[1]?.snippet).toContain('sync engine');
    const codes = output.warnings.map((warning) => warning.code);
    expect(codes).toEqual(expect.arrayContaining(['globs_excluded', 'citation_invalid', 'ungrounded_dropped']));
    expect(userMessageOf(harness)).toContain('5| Alpha ships the sync engine.');
  });

  it('clusters by topic: unknown paths are dropped with citation_invalid, notes no topic took go to "Other", and max_per_group counts the rest', async () => {
    harness.openai.onChat(() => ({ json: { groups: [{ title: 'Sync and storage', paths: ['Projects/Alpha.md', 'Projects/Beta.md', 'Projects/Sub/Delta.md', 'Nowhere.md'] }] } }));
    const output = structuredOf<TocOutput>(await harness.callTool('ai_toc', { mode: 'moc', scope: SCOPE, max_per_group: 2 }));
    expect(output.toc_markdown).toBe(['# Map of Content', '', '## Sync and storage', '- [[Projects/Alpha]]', '- [[Beta]]', '- …and 1 more', '', '## Other', '- [[Gamma]]', ''].join('\n'));
    expect(output.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'citation_invalid', details: { paths: ['Nowhere.md'] } })]));
    expect(userMessageOf(harness)).toContain('Cluster these notes into at most 12 topics.');
  });

  it('merges groups past max_groups into "Other" and makes no model call when every title is fixed', async () => {
    const output = structuredOf<TocOutput>(await harness.callTool('ai_toc', { mode: 'moc', scope: SCOPE, group_by: 'tag', max_groups: 1 }));
    expect(output.toc_markdown).toBe(['# Map of Content', '', '## Other', '- [[Projects/Alpha]]', '- [[Beta]]', '- [[Delta]]', '- [[Gamma]]', ''].join('\n'));
    expect(harness.openai.chatRequests()).toHaveLength(0);
  });

  it('writes the Map of Content through note_write: created, read back, audited, and listed in the ai.invocation event', async () => {
    harness.openai.onChat(() => ({ json: { groups: [{ key: 'project', title: 'Projects' }, { key: 'infra', title: 'Infra' }] } }));
    const output = structuredOf<TocOutput>(await harness.callTool('ai_toc', { mode: 'moc', scope: SCOPE, group_by: 'tag', write: { path: 'Index/Projects', frontmatter: { type: 'moc' } } }));
    expect(output.written).toEqual({ path: 'Index/Projects.md', etag: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown });
    const read = await restCall<unknown>(harness, 'GET', '/v1/notes/Index/Projects.md');
    expect(read.data).toMatchObject({ etag: output.written?.etag, frontmatter: { type: 'moc' }, body: output.toc_markdown });
    const entries = await auditEntries(harness);
    expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ op: 'note_write', path: 'Index/Projects.md', etag_before: null, etag_after: output.written?.etag })]));
    expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'ai.invocation', op: 'toc', ok: true, applied_paths: ['Index/Projects.md'] })]));
  });

  it('leaves the note being written out of its own Map of Content, and rewrites it from the cache with if_match', async () => {
    harness.openai.onChat(() => ({ json: { groups: [{ key: 'project', title: 'Projects' }, { key: 'infra', title: 'Infra' }] } }));
    const request = { mode: 'moc', scope: SCOPE, group_by: 'tag', write: { path: 'Projects/Index.md' } };
    const first = structuredOf<TocOutput>(await harness.callTool('ai_toc', request));
    const second = structuredOf<TocOutput>(await harness.callTool('ai_toc', { ...request, write: { ...request.write, if_match: first.written?.etag } }));
    expect(second.scope_resolved.paths).not.toContain('Projects/Index.md');
    expect(second.warnings.map((warning) => warning.code)).toContain('ai_cache_hit');
    expect(second.written?.path).toBe('Projects/Index.md');
    expect(harness.openai.chatRequests()).toHaveLength(1);
  });

  it('leaves exclude_paths out too: a preview that excludes the target is what the write serves from the cache, however the list is spelled (REST)', async () => {
    harness.openai.onChat(() => ({ json: { groups: [{ key: 'project', title: 'Projects' }, { key: 'infra', title: 'Infra' }] } }));
    structuredOf(await harness.callTool('note_write', { path: 'Projects/Map.md', body: 'an older map\n' }));
    const request = { mode: 'moc', scope: SCOPE, group_by: 'tag', exclude_paths: ['Projects/Map'] };
    const preview = await restCall<TocOutput>(harness, 'POST', '/v1/ai/toc', request);
    expect(preview.status).toBe(200);
    expect(preview.data.scope_resolved.paths).not.toContain('Projects/Map.md');
    expect(JSON.stringify(harness.openai.chatRequests())).not.toContain('an older map');
    // Another spelling of the same choice of notes (".md", a path outside the scope): the notes read are the key, not the list.
    const written = await restCall<TocOutput>(harness, 'POST', '/v1/ai/toc', { ...request, exclude_paths: ['Nowhere/Else.md', 'Projects/Map.md'], write: { path: 'Projects/Map.md' } });
    expect(written.data.warnings.map((warning) => warning.code)).toContain('ai_cache_hit');
    expect(written.data.toc_markdown).toBe(preview.data.toc_markdown);
    expect((await restCall<{ body: string }>(harness, 'GET', '/v1/notes/Projects/Map.md')).data.body).toBe(preview.data.toc_markdown);
    expect(harness.openai.chatRequests()).toHaveLength(1);
  });

  it('refuses a scope that exclude_paths empties with invalid_input, before any model call', async () => {
    const response = await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'moc', scope: { kind: 'paths', paths: ['Projects/Alpha.md'] }, exclude_paths: ['Projects/Alpha.md'] });
    expect([response.status, response.error.code]).toEqual([400, 'invalid_input']);
    expect(response.error.message).toContain('"Projects/Alpha.md"');
    expect(harness.openai.chatRequests()).toHaveLength(0);
  });

  it('refuses a stale if_match with etag_mismatch and writes nothing', async () => {
    structuredOf(await harness.callTool('note_write', { path: 'Index.md', body: 'mine\n' }));
    const error = mcpErrorOf(await harness.callTool('ai_toc', { mode: 'moc', scope: SCOPE, group_by: 'tag', max_groups: 1, write: { path: 'Index.md', if_match: '0000000000000000' } }));
    expect(error.code).toBe('etag_mismatch');
    expect(await readOnDisk(harness, 'Index.md')).toBe('mine\n');
  });

  it('refuses if_not_exists on an existing note with already_exists (REST 409) and writes nothing', async () => {
    structuredOf(await harness.callTool('note_write', { path: 'Index.md', body: 'mine\n' }));
    const response = await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'moc', scope: SCOPE, group_by: 'tag', max_groups: 1, write: { path: 'Index.md', if_not_exists: true } });
    expect([response.status, response.error.code]).toEqual([409, 'already_exists']);
    expect(await readOnDisk(harness, 'Index.md')).toBe('mine\n');
  });

  it('needs vault:write to write, but not to build a Map of Content', async () => {
    const denied = await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'moc', scope: SCOPE, group_by: 'tag', max_groups: 1, write: { path: 'Index.md' } }, harness.served.read);
    expect([denied.status, denied.error.code]).toEqual([403, 'forbidden']);
    const allowed = await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'moc', scope: SCOPE, group_by: 'tag', max_groups: 1 }, harness.served.read);
    expect(allowed.status).toBe(200);
  });

  it('checks group_by_key against group_by', async () => {
    expect((await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'moc', scope: SCOPE, group_by: 'frontmatter' })).error.code).toBe('invalid_input');
    expect((await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'moc', scope: SCOPE, group_by: 'tag', group_by_key: 'status' })).error.code).toBe('invalid_input');
  });
});
