import type { z } from 'zod';
import type { extractOutputSchema } from '../../../src/core/ai/extract/extract-output-schema';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { chatBodies, etagOf, frontmatterOf, lastMessageOf, mcpErrorOf, readOnDisk, requestSchemaOf, restCall, structuredOf, warningCodes, type ChatBody } from '../../helpers/ai-surface';
import { ACTION_ITEMS } from './action-items-schema';

type ExtractOutput = z.output<typeof extractOutputSchema>;

// ai_extract through the real surfaces (MCP over HTTP, REST) against the loopback
// OpenAI-compatible server: the caller's JSON Schema checked up front and re-applied to the
// model's data, grounding, and the frontmatter destination of seed 002 §5.7 and §11.8.

const FIRST = 'Meetings/2026-05-02.md';
const SECOND = 'Meetings/2026-05-03.md';

// FIRST lines: 0 heading, 1 '', 2 ## Actions, 3 Alice…, 4 Bob…, 5 Carol…
// SECOND lines: 0 ---, 1-3 action_items, 4 ---, 5 heading, 6 '', 7 Eve…
const FILES = {
  [FIRST]: '# Meeting 2026-05-02\n\n## Actions\n- Alice fixes the alert by 2026-05-09 ^alert\n- Bob writes the postmortem\n- Carol reviews\n',
  [SECOND]: '---\naction_items:\n  - task: Existing task\n    owner: Dan\n---\n# Meeting 2026-05-03\n\n- Eve books the room\n',
};


const ALICE = { task: 'Fix the alert', owner: 'Alice', due_date: '2026-05-09' };
const BOB = { task: 'Write the postmortem', owner: 'Bob' };
const EVE = { task: 'Book the room', owner: 'Eve' };

/** Replies per note: FIRST with one item missing its owner and one with a prose date; SECOND with one item. */
function scriptReplies(harness: AiHarness, options: { firstCitations?: object[]; secondCitations?: object[] } = {}): void {
  harness.openai.onChat((body: unknown) => {
    if (lastMessageOf(body as ChatBody).includes(`path="${FIRST}"`)) {
      const data = [ALICE, BOB, { task: 'Review', due_date: '2026-05-10' }, { task: 'Carol reviews', owner: 'Carol', due_date: 'next week' }];
      return { json: { data, confidence: 0.8, citations: options.firstCitations ?? [{ path: FIRST, anchor: 'Actions', line: 3, end_line: 5 }] } };
    }
    return { json: { data: [EVE], confidence: 0.9, citations: options.secondCitations ?? [{ path: SECOND, line: 7 }] } };
  });
}

const request = (extra: object = {}): Record<string, unknown> => ({ scope: { kind: 'glob', path_glob: 'Meetings/**' }, schema: ACTION_ITEMS, ...extra });

describe('ai_extract over MCP and REST', () => {
  let harness: AiHarness;
  beforeEach(async () => {
    harness = await startAiHarness({ files: FILES });
  });
  afterEach(async () => harness.dispose());

  it('rejects an invalid schema with ai_schema_invalid before any provider request (REST and MCP)', async () => {
    const response = await restCall<ExtractOutput>(harness, 'POST', '/v1/ai/extract', request({ schema: { type: 'array', items: { type: 'object', properties: { task: { type: 'text' } }, required: 'task' } } }));
    expect(response.status).toBe(422);
    expect(response.error.code).toBe('ai_schema_invalid');
    expect(response.error.details.errors).toEqual([
      { path: '/items/properties/task/type', message: expect.stringContaining('unknown type "text"') as unknown },
      { path: '/items/required', message: 'must be an array of strings' },
    ]);
    const failed = mcpErrorOf(await harness.callTool('ai_extract', request({ schema: { $ref: '#/$defs/nothing' } })));
    expect(failed.code).toBe('ai_schema_invalid');
    expect(failed.details.errors).toEqual([expect.objectContaining({ path: '/$ref' })]);
    expect(harness.openai.requests).toHaveLength(0);
  });

  it('returns per-note data valid against the schema, dropping only invalid items with extract_invalid (json destination writes nothing)', async () => {
    scriptReplies(harness);
    const before = await readOnDisk(harness, FIRST);
    const result = await harness.callTool('ai_extract', request({ schema_id: 'action-items' }));
    const output = structuredOf<ExtractOutput>(result);
    expect(output.results).toEqual([
      { path: FIRST, etag: await etagOf(harness, FIRST), data: [ALICE, BOB], confidence: 0.8, citations: [expect.objectContaining({ path: FIRST, anchor: 'Actions', line: 3, span: [3, 5] })] },
      { path: SECOND, etag: await etagOf(harness, SECOND), data: [EVE], confidence: 0.9, citations: [expect.objectContaining({ path: SECOND, line: 7, snippet: '- Eve books the room' })] },
    ]);
    const invalid = output.warnings.filter((warning) => warning.code === 'extract_invalid');
    expect(invalid).toEqual([
      expect.objectContaining({ path: FIRST, details: { index: 2, errors: [expect.stringContaining('"owner"') as unknown] } }),
      expect.objectContaining({ path: FIRST, details: { index: 3, errors: [expect.stringContaining('format "date"') as unknown] } }),
    ]);
    expect(output.applied).toBeUndefined();
    expect(output.proposed_patches).toBeUndefined();
    expect((result.content as { text: string }[])[0]?.text.split('\n')[0]).toBe('Extracted data from 2 of 2 notes; 2 warnings.');
    expect((result.content as { text: string }[])[0]?.text).toContain('Fix the alert');
    expect((result.content as { text: string }[])[0]?.text).toContain('Book the room');
    expect(await readOnDisk(harness, FIRST)).toBe(before);
    const [sent] = chatBodies(harness);
    expect(requestSchemaOf(sent)).toMatchObject({ properties: { data: { anyOf: [ACTION_ITEMS, { type: 'null' }] } } });
    expect(lastMessageOf(sent)).toContain('("action-items")');
  });

  it('writes the data to destination_key with apply (read back), keeping an existing key under set_missing, and merges arrays by deep equality (REST)', async () => {
    scriptReplies(harness);
    const response = await restCall<ExtractOutput>(harness, 'POST', '/v1/ai/extract', request({ destination: 'frontmatter', destination_key: 'action_items', apply: true }));
    expect(response.status).toBe(200);
    const output = response.data;
    expect(output.applied).toEqual([{ path: FIRST, etag: await etagOf(harness, FIRST), key: 'action_items' }]);
    expect(warningCodes(output)).toEqual(expect.arrayContaining(['apply_skipped_no_change']));
    expect(await readOnDisk(harness, FIRST)).toBe(
      '---\naction_items:\n  - task: Fix the alert\n    owner: Alice\n    due_date: 2026-05-09\n  - task: Write the postmortem\n    owner: Bob\n---\n# Meeting 2026-05-02\n\n## Actions\n- Alice fixes the alert by 2026-05-09 ^alert\n- Bob writes the postmortem\n- Carol reviews\n',
    );
    expect(await frontmatterOf(harness, FIRST)).toEqual({ action_items: [ALICE, BOB] });
    expect(await readOnDisk(harness, SECOND)).toBe(FILES[SECOND]);

    const mergeRequest = request({ scope: { kind: 'paths', paths: [SECOND] }, destination: 'frontmatter', destination_key: 'action_items', apply: true, apply_mode: 'merge' });
    const merged = await restCall<ExtractOutput>(harness, 'POST', '/v1/ai/extract', mergeRequest);
    expect(merged.data.applied).toEqual([{ path: SECOND, etag: await etagOf(harness, SECOND), key: 'action_items' }]);
    expect(await frontmatterOf(harness, SECOND)).toEqual({ action_items: [{ task: 'Existing task', owner: 'Dan' }, EVE] });
    const repeated = await restCall<ExtractOutput>(harness, 'POST', '/v1/ai/extract', mergeRequest);
    expect(repeated.data.applied).toEqual([]);
    expect(warningCodes(repeated.data)).toContain('apply_skipped_no_change');
  });

  it('drafts note_patch calls without apply for destination frontmatter', async () => {
    scriptReplies(harness);
    const output = structuredOf<ExtractOutput>(await harness.callTool('ai_extract', request({ destination: 'frontmatter', destination_key: 'action_items', apply_mode: 'overwrite' })));
    expect(output.applied).toBeUndefined();
    expect(output.proposed_patches).toEqual([
      { path: FIRST, ops: [{ op: 'set_frontmatter', key: 'action_items', value: [ALICE, BOB] }], if_match: output.results[0]?.etag, reason: expect.any(String) as unknown, related_to: [] },
      { path: SECOND, ops: [{ op: 'set_frontmatter', key: 'action_items', value: [EVE] }], if_match: output.results[1]?.etag, reason: expect.any(String) as unknown, related_to: [] },
    ]);
    expect(await readOnDisk(harness, SECOND)).toBe(FILES[SECOND]);
  });

  it('rejects destination frontmatter without destination_key, and apply to json, with invalid_input; apply needs vault:write', async () => {
    const noKey = await restCall<ExtractOutput>(harness, 'POST', '/v1/ai/extract', request({ destination: 'frontmatter', apply: true }));
    expect(noKey.status).toBe(400);
    expect(noKey.error.code).toBe('invalid_input');
    expect(JSON.stringify(noKey.error.details)).toContain('destination_key');
    const toJson = mcpErrorOf(await harness.callTool('ai_extract', request({ apply: true })));
    expect(toJson.code).toBe('invalid_input');
    const forbidden = mcpErrorOf(await harness.callTool('ai_extract', request({ destination: 'frontmatter', destination_key: 'action_items', apply: true }), harness.served.read));
    expect(forbidden.code).toBe('forbidden');
    expect(harness.openai.requests).toHaveLength(0);
  });

  it('drops a note\'s data without a verified citation (ungrounded_dropped), and fails with ai_grounding_failed when no note keeps one', async () => {
    scriptReplies(harness, { secondCitations: [{ path: SECOND, line: 42 }] });
    const output = structuredOf<ExtractOutput>(await harness.callTool('ai_extract', request()));
    expect(output.results[1]).toMatchObject({ path: SECOND, data: null, citations: [] });
    expect(output.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'citation_invalid', path: SECOND }), expect.objectContaining({ code: 'ungrounded_dropped', path: SECOND })]));

    scriptReplies(harness, { firstCitations: [], secondCitations: [{ path: 'Elsewhere.md', line: 1 }] });
    const failed = mcpErrorOf(await harness.callTool('ai_extract', request({ cache: false })));
    expect(failed.code).toBe('ai_grounding_failed');
    expect(failed.details.dropped).toEqual([
      { path: FIRST, item: 'data', reasons: [] },
      { path: SECOND, item: 'data', reasons: ['not_in_scope'] },
    ]);
  });

  it('serves a repeated call from the cache, and a changed schema misses it', async () => {
    scriptReplies(harness);
    structuredOf<ExtractOutput>(await harness.callTool('ai_extract', request()));
    const cached = structuredOf<ExtractOutput>(await harness.callTool('ai_extract', request()));
    expect(warningCodes(cached)).toContain('ai_cache_hit');
    expect(cached.usage.model_calls).toBe(0);
    structuredOf<ExtractOutput>(await harness.callTool('ai_extract', request({ schema: { ...ACTION_ITEMS, maxItems: 10 } })));
    expect(chatBodies(harness)).toHaveLength(4);
  });
});
