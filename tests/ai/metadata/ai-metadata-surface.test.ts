import type { z } from 'zod';
import type { metadataOutputSchema } from '../../../src/core/ai/metadata/metadata-output-schema';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { auditEntries, chatBodies, etagOf, lastMessageOf, mcpErrorOf, readOnDisk, requestSchemaOf, restCall, sentText, structuredOf, warningCodes, writeOnDisk } from '../../helpers/ai-surface';

type MetadataOutput = z.output<typeof metadataOutputSchema>;

// ai_metadata through the real surfaces (MCP over HTTP, REST) against the loopback
// OpenAI-compatible server: typed values re-validated after generation, grounding, and the
// apply modes of seed 002 §5.6 and §5.8.

const PLAN = 'Projects/Indx-App.md';

// Lines: 0 ---, 1 status: idea, 2 aliases: [Indx], 3 ---, 4 # Indx-App build plan, 5 '', 6 Owners…, 7 Due…, 8 '', 9 ## Status, 10 Work is active…
const FILES = {
  [PLAN]: '---\nstatus: idea\naliases: [Indx]\n---\n# Indx-App build plan\n\nOwners: Alice and Bob.\nDue 2026-09-01, kick-off 2026-05-04 09:30 CEST.\n\n## Status\nWork is active since May.\n',
  'Projects/Other.md': '# Other\n\nNothing dated here.\n',
  'Private/Secret.md': '# Secret\n\nSECRET-PLAN-TEXT never leaves.\n',
};

const FIELDS = [
  { key: 'title', type: 'string', required: true },
  { key: 'status', type: 'enum', enum: ['idea', 'active', 'blocked', 'done'], required: true },
  { key: 'due_date', type: 'date' },
  { key: 'kickoff', type: 'datetime' },
  { key: 'stakeholders', type: 'list', list_item_type: 'string', max: 5 },
];

const cite = (line: number) => [{ path: PLAN, line }];

/** The model's reply for the plan: dates in forms the runtime must normalise. */
const REPLY = {
  fields: {
    title: { value: 'Indx-App build plan', confidence: 0.97, rationale: 'The heading names it.', evidence: cite(4) },
    status: { value: 'active', confidence: 0.86, rationale: 'Work is active.', evidence: cite(10) },
    due_date: { value: '2026/09/01', confidence: 0.71, rationale: 'Stated due date.', evidence: cite(7) },
    kickoff: { value: '2026-05-04T09:30:00+02:00', confidence: 0.6, rationale: 'Kick-off time.', evidence: cite(7) },
    stakeholders: { value: ['Alice', 'Bob'], confidence: 0.79, rationale: 'Named owners.', evidence: cite(6) },
  },
};

const request = (extra: object = {}): Record<string, unknown> => ({ scope: { kind: 'paths', paths: [PLAN] }, fields: FIELDS, ...extra });

describe('ai_metadata over MCP and REST', () => {
  let harness: AiHarness;
  beforeEach(async () => {
    harness = await startAiHarness({ files: FILES, environment: { INDX_AI_DENY_GLOBS: 'Private/**' } });
  });
  afterEach(async () => harness.dispose());

  it('returns checked values with normalised dates, verified evidence and draft patches over MCP (suggest-only writes nothing)', async () => {
    harness.openai.onChat(() => ({ json: REPLY, usage: { prompt_tokens: 300, completion_tokens: 40 } }));
    const before = await readOnDisk(harness, PLAN);
    const result = await harness.callTool('ai_metadata', request());
    const output = structuredOf<MetadataOutput>(result);
    const note = output.results[0]!;
    expect(note).toMatchObject({ path: PLAN, etag: await etagOf(harness, PLAN) });
    expect(note.fields.due_date).toMatchObject({ value: '2026-09-01', confidence: 0.71 });
    expect(note.fields.kickoff?.value).toBe('2026-05-04T07:30:00Z');
    expect(note.fields.status).toMatchObject({ value: 'active', existing: 'idea' });
    expect(note.fields.title?.evidence).toEqual([expect.objectContaining({ path: PLAN, etag: note.etag, line: 4, snippet: '# Indx-App build plan' })]);
    expect(note.fields.stakeholders?.value).toEqual(['Alice', 'Bob']);
    expect(output.applied).toBeUndefined();
    // set_missing (default): status already has a value, so the draft leaves it out.
    expect(output.proposed_patches).toEqual([
      {
        path: PLAN,
        if_match: note.etag,
        ops: [
          { op: 'set_frontmatter', key: 'title', value: 'Indx-App build plan' },
          { op: 'set_frontmatter', key: 'due_date', value: '2026-09-01' },
          { op: 'set_frontmatter', key: 'kickoff', value: '2026-05-04T07:30:00Z' },
          { op: 'set_frontmatter', key: 'stakeholders', value: ['Alice', 'Bob'] },
        ],
        reason: expect.any(String) as unknown,
        related_to: [],
      },
    ]);
    expect(output.citations.map((citation) => citation.line)).toEqual([4, 6, 7, 10]);
    expect(output.scope_resolved).toEqual({ paths: [PLAN], total_tokens: expect.any(Number) as unknown });
    expect(output.usage).toEqual({ input_tokens: 300, output_tokens: 40, cost_usd: 0, model_calls: 1 });
    expect(output.warnings).toEqual([]);
    expect((result.content as { text: string }[])[0]?.text.split('\n')[0]).toBe('Found 5 values in 1 note; 0 warnings.');
    expect((result.content as { text: string }[])[0]?.text).toContain('Indx-App build plan');
    expect((result.content as { text: string }[])[0]?.text).toContain('proposed_patches (1):');
    expect(await readOnDisk(harness, PLAN)).toBe(before);
    const [sent] = chatBodies(harness);
    expect(lastMessageOf(sent)).toContain('7| Due 2026-09-01');
    expect(requestSchemaOf(sent)).toMatchObject({
      properties: { fields: { required: ['title', 'status', 'due_date', 'kickoff', 'stakeholders'], properties: { status: { properties: { value: { enum: ['idea', 'active', 'blocked', 'done', null] } } } } } },
    });
  });

  it('drops an enum near-miss and a pattern failure with metadata_invalid, and reports a required field without value as metadata_missing (REST)', async () => {
    harness.openai.onChat(() => ({
      json: {
        fields: {
          title: { value: null, confidence: 0, rationale: '', evidence: [] },
          status: { value: 'Active', confidence: 0.8, rationale: 'Work is active.', evidence: cite(10) },
          code: { value: 'indx-7', confidence: 0.5, rationale: 'Guess.', evidence: cite(4) },
          priority: { value: 2, confidence: 0.9, rationale: 'Stated.', evidence: cite(10) },
        },
      },
    }));
    const fields = [
      { key: 'title', type: 'string', required: true },
      { key: 'status', type: 'enum', enum: ['idea', 'active'] },
      { key: 'code', type: 'string', pattern: '^[A-Z]+-\\d+$' },
      { key: 'priority', type: 'number', min: 1, max: 3 },
    ];
    const response = await restCall<MetadataOutput>(harness, 'POST', '/v1/ai/metadata', { scope: { kind: 'paths', paths: [PLAN] }, fields });
    expect(response.status).toBe(200);
    const output = response.data;
    const values = output.results[0]?.fields;
    expect([values?.status?.value, values?.code?.value, values?.priority?.value]).toEqual([null, null, 2]);
    const invalid = output.warnings.filter((warning) => warning.code === 'metadata_invalid');
    expect(invalid).toEqual([
      expect.objectContaining({ path: PLAN, details: { path: PLAN, key: 'status', reason: expect.stringContaining('not one of the allowed values') as unknown } }),
      expect.objectContaining({ path: PLAN, details: { path: PLAN, key: 'code', reason: expect.stringContaining('does not match the pattern') as unknown } }),
    ]);
    expect(output.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'metadata_missing', path: PLAN, details: { key: 'title' } })]));
    // The pattern is enforced here, not relayed to the provider.
    expect(JSON.stringify(requestSchemaOf(chatBodies(harness)[0]))).not.toContain('"pattern"');
  });

  it('applies set_missing (only empty keys written, YAML kept), then a repeat is a no-op with apply_skipped_no_change', async () => {
    harness.openai.onChat(() => ({ json: REPLY }));
    const output = structuredOf<MetadataOutput>(await harness.callTool('ai_metadata', request({ apply: true })));
    const written = await readOnDisk(harness, PLAN);
    expect(written).toBe(
      '---\nstatus: idea\naliases: [Indx]\ntitle: Indx-App build plan\ndue_date: 2026-09-01\nkickoff: 2026-05-04T07:30:00Z\nstakeholders:\n  - Alice\n  - Bob\n---\n# Indx-App build plan\n\nOwners: Alice and Bob.\nDue 2026-09-01, kick-off 2026-05-04 09:30 CEST.\n\n## Status\nWork is active since May.\n',
    );
    expect(output.applied).toEqual([{ path: PLAN, etag: await etagOf(harness, PLAN), fields_set: ['title', 'due_date', 'kickoff', 'stakeholders'], fields_skipped: [{ key: 'status', reason: 'existing_under_set_missing' }] }]);
    expect(output.proposed_patches).toBeUndefined();

    const again = structuredOf<MetadataOutput>(await harness.callTool('ai_metadata', request({ apply: true })));
    expect(again.applied).toEqual([]);
    expect(again.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'apply_skipped_no_change', path: PLAN })]));
    expect(await readOnDisk(harness, PLAN)).toBe(written);
    const audit = await auditEntries<{ op: string; path: string }>(harness);
    expect(audit.filter((entry) => entry.op === 'ai_metadata' && entry.path === PLAN)).toHaveLength(1);
  });

  it('overwrite replaces existing values (REST)', async () => {
    harness.openai.onChat(() => ({ json: REPLY }));
    const response = await restCall<MetadataOutput>(harness, 'POST', '/v1/ai/metadata', request({ apply: true, apply_mode: 'overwrite', fields: [FIELDS[1]] }));
    expect(response.status).toBe(200);
    expect(response.data.applied).toEqual([expect.objectContaining({ path: PLAN, fields_set: ['status'], fields_skipped: [] })]);
    expect(await readOnDisk(harness, PLAN)).toContain('---\nstatus: active\naliases: [Indx]\n---\n');
  });

  it('merge unions lists with what the note has (aliases written as a list even when declared as text)', async () => {
    harness.openai.onChat(() => ({
      json: {
        fields: {
          aliases: { value: 'Indx App', confidence: 0.9, rationale: 'The heading.', evidence: cite(4) },
          status: { value: 'active', confidence: 0.9, rationale: 'Active.', evidence: cite(10) },
        },
      },
    }));
    const fields = [
      { key: 'aliases', type: 'string' },
      { key: 'status', type: 'enum', enum: ['idea', 'active'] },
    ];
    const output = structuredOf<MetadataOutput>(await harness.callTool('ai_metadata', request({ fields, apply: true, apply_mode: 'merge' })));
    expect(output.results[0]?.fields.aliases?.value).toEqual(['Indx App']);
    expect(output.applied).toEqual([expect.objectContaining({ fields_set: ['aliases'], fields_skipped: [{ key: 'status', reason: 'existing_under_set_missing' }] })]);
    expect(await readOnDisk(harness, PLAN)).toContain('---\nstatus: idea\naliases:\n  - Indx\n  - Indx App\n---\n');
  });

  it('fails with ai_apply_conflict when the note changed after the caller read it (stale if_match), writing nothing', async () => {
    const stale = await etagOf(harness, PLAN);
    const edited = FILES[PLAN].replace('Owners: Alice and Bob.', 'Owners: Alice, Bob and Carol.');
    await writeOnDisk(harness, PLAN, edited);
    harness.openai.onChat(() => ({ json: REPLY }));
    const response = await restCall<MetadataOutput>(harness, 'POST', '/v1/ai/metadata', request({ apply: true, if_match: { [PLAN]: stale } }));
    expect(response.status).toBe(409);
    expect(response.error.code).toBe('ai_apply_conflict');
    const failed = response.error.details.failed as { path: string; expected: string; actual: string }[];
    expect(failed).toEqual([{ path: PLAN, expected: stale, actual: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown }]);
    expect(failed[0]?.actual).not.toBe(stale);
    expect(await readOnDisk(harness, PLAN)).toBe(edited);
  });

  it('drops values whose evidence does not verify (ungrounded_dropped) and fails with ai_grounding_failed when none survive', async () => {
    harness.openai.onChat(() => ({
      json: {
        fields: {
          title: { value: 'Indx-App build plan', confidence: 0.9, rationale: 'Heading.', evidence: cite(4) },
          due_date: { value: '2026-09-01', confidence: 0.9, rationale: 'Made up line.', evidence: cite(99) },
        },
      },
    }));
    const fields = [FIELDS[0], FIELDS[2]];
    const output = structuredOf<MetadataOutput>(await harness.callTool('ai_metadata', request({ fields })));
    expect(output.results[0]?.fields.due_date).toMatchObject({ value: null, evidence: [] });
    expect(warningCodes(output)).toEqual(['citation_invalid', 'ungrounded_dropped']);

    harness.openai.onChat(() => ({ json: { fields: { due_date: { value: '2026-09-01', confidence: 0.9, rationale: 'x', evidence: [] } } } }));
    const failed = mcpErrorOf(await harness.callTool('ai_metadata', request({ fields: [FIELDS[2]] })));
    expect(failed.code).toBe('ai_grounding_failed');
    expect(failed.details.dropped).toEqual([{ path: PLAN, item: 'due_date', reasons: [] }]);

    // cite: false keeps an uncited value.
    const uncited = structuredOf<MetadataOutput>(await harness.callTool('ai_metadata', request({ fields: [FIELDS[2]], cite: false })));
    expect(uncited.results[0]?.fields.due_date?.value).toBe('2026-09-01');
  });

  it('applies the default when the model returns null, and never sends a deny-globbed note (globs_excluded)', async () => {
    harness.openai.onChat(() => ({ json: { fields: { status: { value: null, confidence: 0, rationale: '', evidence: [] } } } }));
    const fields = [{ key: 'status', type: 'enum', enum: ['idea', 'active'], default: 'idea' }];
    const output = structuredOf<MetadataOutput>(await harness.callTool('ai_metadata', { scope: { kind: 'glob', path_glob: '**' }, fields, cite: false }));
    expect(output.scope_resolved.paths).toEqual(['Projects/Indx-App.md', 'Projects/Other.md']);
    expect(output.results.map((result) => result.fields.status?.value)).toEqual(['idea', 'idea']);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'globs_excluded', details: { paths: ['Private/Secret.md'], count: 1 } })]);
    expect(harness.openai.chatRequests()).toHaveLength(2);
    expect(sentText(harness)).not.toContain('SECRET-PLAN-TEXT');
  });

  it('rejects invalid input before any model call, and apply without vault:write', async () => {
    const badPattern = await restCall<MetadataOutput>(harness, 'POST', '/v1/ai/metadata', { scope: { kind: 'paths', paths: [PLAN] }, fields: [{ key: 'code', type: 'string', pattern: '([A-Z' }] });
    expect(badPattern.status).toBe(400);
    expect(badPattern.error.code).toBe('invalid_input');
    const forbidden = mcpErrorOf(await harness.callTool('ai_metadata', request({ apply: true }), harness.served.read));
    expect(forbidden.code).toBe('forbidden');
    expect(harness.openai.chatRequests()).toHaveLength(0);
  });

  it('treats a reply that does not follow the schema as ai_provider_error (invalid_output)', async () => {
    harness.openai.onChat(() => ({ json: { values: [] } }));
    const failed = mcpErrorOf(await harness.callTool('ai_metadata', request()));
    expect(failed.code).toBe('ai_provider_error');
    expect(failed.details.reason).toBe('invalid_output');
  });

  it('is offered with write-capable annotations and a description on every input property (tools/list)', async () => {
    const { tools } = await (await harness.connect()).listTools();
    for (const name of ['ai_metadata', 'ai_extract']) {
      const tool = tools.find((candidate) => candidate.name === name);
      // Only the hint that differs from the spec's defaults: it may write (readOnlyHint false), never destructively, not idempotent, open world.
      expect(tool?.annotations).toEqual({ destructiveHint: false });
      for (const [property, schema] of Object.entries(tool?.inputSchema.properties ?? {})) {
        expect({ property, description: (schema as { description?: unknown }).description }).toEqual({ property, description: expect.any(String) as unknown });
      }
    }
  });
});

