import { loadEtagFunction } from '../../../src/core/vault/etag';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import type { AiTagOutput } from '../../../src/core/ai/tag/tag-output-schema';
import { auditEntries, chatBodies, mcpErrorOf, readOnDisk, restCall, sentText, structuredOf, userMessageOf, writeOnDisk, type ChatBody } from '../../helpers/ai-surface';
import { replySchemaOf, TAG_FILES, tagReply } from './tag-test-helpers';

// ai_tag through the real surfaces (MCP over HTTP, REST) against the loopback OpenAI-compatible
// server: what the model received, what came back, what was written, and the warnings and
// errors seed 002 §5.5, §5.8 and §9 name for it.

const ALPHA = 'Projects/Alpha.md';
const BETA = 'Projects/Beta.md';
const MEETING = 'Notes/Meeting.md';

/** Alpha: "project" (an existing tag, written in another case) and "sync" (new), both citing real lines. */
const ALPHA_REPLY = tagReply({
  [ALPHA]: [
    { tag: 'Project', confidence: 0.95, evidence: [{ path: ALPHA, line: 9 }] },
    { tag: '#sync', confidence: 0.7, evidence: [{ path: ALPHA, anchor: 'Alpha' }] },
  ],
});

describe('ai_tag over MCP and REST', () => {
  let harness: AiHarness;
  afterEach(async () => harness.dispose());

  it('suggests tags over MCP in the vault\'s canonical form, biased by the vocabulary shown to the model, and drafts patches without writing', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() =>
      tagReply({
        [MEETING]: [
          { tag: '#oncall/postmortem', confidence: 0.81, evidence: [{ path: MEETING, anchor: 'Postmortem' }] },
          { tag: 'oncall', confidence: 0.9, evidence: [{ path: MEETING, line: 3 }] },
        ],
        [ALPHA]: [
          { tag: 'Project', confidence: 0.95, evidence: [{ path: ALPHA, line: 9 }] },
          { tag: 'sync', confidence: 0.7, evidence: [{ path: ALPHA, anchor: 'Alpha' }] },
        ],
      }),
    );
    const result = await harness.callTool('ai_tag', { scope: { kind: 'paths', paths: [MEETING, ALPHA] } });
    const output = structuredOf<AiTagOutput>(result);
    // Obsidian merges tags case-insensitively and shows the first casing seen: #OnCall exists, so it wins, also as a parent.
    expect(output.suggestions.map((suggestion) => [suggestion.path, suggestion.tags.map((tag) => [tag.tag, tag.confidence, tag.is_new])])).toEqual([
      [MEETING, [['OnCall', 0.9, false], ['OnCall/postmortem', 0.81, true]]],
      [ALPHA, [['project', 0.95, false], ['sync', 0.7, true]]],
    ]);
    expect(output.suggestions[0]!.tags[1]!.evidence).toEqual([expect.objectContaining({ path: MEETING, anchor: 'Postmortem', line: 5, etag: output.suggestions[0]!.etag })]);
    expect(output.vocabulary).toEqual({ existing: ['OnCall', 'project'], new: ['OnCall/postmortem', 'sync'] });
    expect(output.citations).toHaveLength(4);
    expect(output.applied).toBeUndefined();
    expect(output.proposed_patches).toEqual([
      { path: MEETING, ops: [{ op: 'set_frontmatter', key: 'tags', value: ['OnCall', 'OnCall/postmortem'] }], if_match: output.suggestions[0]!.etag, reason: 'Suggested tags: add OnCall, OnCall/postmortem.', related_to: [] },
      { path: ALPHA, ops: [{ op: 'set_frontmatter', key: 'tags', value: ['project', 'sync'] }], if_match: output.suggestions[1]!.etag, reason: 'Suggested tags: add sync.', related_to: [] },
    ]);
    expect(output.warnings).toEqual([]);
    expect((result.content as { text: string }[])[0]?.text.split('\n')[0]).toBe('Suggested 4 tags (2 new) for 2 notes; 2 draft patches (not applied).');
    expect((result.content as { text: string }[])[0]?.text).toContain('OnCall/postmortem');
    expect((result.content as { text: string }[])[0]?.text).toContain('proposed_patches (2):');
    const prompt = userMessageOf(harness);
    expect(prompt).toContain('Prefer them to new tags with the same meaning: project (2), infra (1), inline-note (1), OnCall (1), secret-diary-tag (1).');
    expect(prompt).toContain('9| Alpha ships the sync engine. #inline-note');
    expect(harness.openai.chatRequests()).toHaveLength(1);
    expect(await readOnDisk(harness, ALPHA)).toBe(TAG_FILES[ALPHA]);
  });

  it('constrains the reply schema to the candidates over REST (the model cannot name another tag) and drops one that slips through', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => tagReply({ [MEETING]: [{ tag: 'ops', confidence: 0.9, evidence: [{ path: MEETING, line: 3 }] }, { tag: 'banana', confidence: 0.9, evidence: [{ path: MEETING, line: 3 }] }] }));
    const response = await restCall<AiTagOutput>(harness, 'POST', '/v1/ai/tag', { scope: { kind: 'paths', paths: [MEETING] }, vocabulary: { candidates: ['#Ops', 'oncall', 'infra'] } });
    expect(response.status).toBe(200);
    expect(response.data.suggestions[0]!.tags.map((tag) => tag.tag)).toEqual(['ops']);
    expect(response.data.warnings).toEqual([expect.objectContaining({ code: 'tag_invalid', path: MEETING, details: { tags: [{ tag: 'banana', reason: 'not_a_candidate' }] } })]);
    const schema = replySchemaOf(chatBodies(harness)[0]);
    expect(schema.properties.notes.items.properties.path.enum).toEqual([MEETING]);
    expect(schema.properties.notes.items.properties.tags.items.properties.tag.enum).toEqual(['ops', 'OnCall', 'infra']);
    expect(userMessageOf(harness)).toContain('Choose only from these tags: ops, OnCall, infra.');
  });

  it('drops invalid, low-confidence and ungrounded tags with tag_invalid, tag_below_threshold and ungrounded_dropped', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() =>
      tagReply({
        [MEETING]: [
          { tag: 'incident', confidence: 0.9, evidence: [{ path: MEETING, line: 3 }] },
          { tag: 'has space', confidence: 0.9, evidence: [{ path: MEETING, line: 3 }] },
          { tag: '1984', confidence: 0.9, evidence: [{ path: MEETING, line: 3 }] },
          { tag: 'maybe', confidence: 0.3, evidence: [{ path: MEETING, line: 3 }] },
          { tag: 'ghost', confidence: 0.8, evidence: [{ path: MEETING, line: 99 }] },
          { tag: 'elsewhere', confidence: 0.8, evidence: [{ path: BETA, line: 5 }] },
        ],
      }),
    );
    const response = await restCall<AiTagOutput>(harness, 'POST', '/v1/ai/tag', { scope: { kind: 'paths', paths: [MEETING] } });
    expect(response.status).toBe(200);
    const { suggestions, warnings } = response.data;
    expect(suggestions[0]!.tags.map((tag) => tag.tag)).toEqual(['incident']);
    // Obsidian: no spaces in a tag, and "#1984 isn't a valid tag" (at least one non-digit).
    expect(warnings.find((warning) => warning.code === 'tag_invalid')?.details?.tags).toEqual([
      { tag: 'has space', reason: 'invalid_characters' },
      { tag: '1984', reason: 'invalid_characters' },
    ]);
    expect(warnings.find((warning) => warning.code === 'tag_below_threshold')?.details).toEqual({ tags: [{ tag: 'maybe', confidence: 0.3 }], min_confidence: 0.6 });
    expect(warnings.find((warning) => warning.code === 'ungrounded_dropped')).toMatchObject({ path: MEETING, details: { tags: ['elsewhere', 'ghost'] } });
    expect(warnings.filter((warning) => warning.code === 'citation_invalid')).toHaveLength(2);
  });

  it('fails with ai_grounding_failed over MCP when no proposed tag has verifiable evidence', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => tagReply({ [MEETING]: [{ tag: 'incident', confidence: 0.9, evidence: [{ path: MEETING, anchor: 'No such heading' }] }, { tag: 'outage', confidence: 0.9, evidence: [] }] }));
    const error = mcpErrorOf(await harness.callTool('ai_tag', { scope: { kind: 'paths', paths: [MEETING] } }));
    expect(error.code).toBe('ai_grounding_failed');
    expect(error.details.dropped).toEqual([{ candidate: expect.objectContaining({ path: MEETING, anchor: 'No such heading' }) as unknown, reason: 'anchor_not_found' }]);
  });

  it('keeps every tag without verification under cite: false', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => tagReply({ [MEETING]: [{ tag: 'incident', confidence: 0.9 }] }));
    const output = structuredOf<AiTagOutput>(await harness.callTool('ai_tag', { scope: { kind: 'paths', paths: [MEETING] }, cite: false }));
    expect(output.suggestions[0]!.tags).toEqual([{ tag: 'incident', confidence: 0.9, is_new: true, rationale: 'fits', evidence: [] }]);
    expect(replySchemaOf(chatBodies(harness)[0]).properties.notes.items.properties.tags.items.required).toEqual(['tag', 'confidence', 'rationale']);
  });

  it('fails with ai_provider_error (invalid_output) when the reply does not follow the schema', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => ({ json: { tags: ['MODEL-INVENTED-TAG'] } }));
    const error = mcpErrorOf(await harness.callTool('ai_tag', { scope: { kind: 'paths', paths: [MEETING] } }));
    expect(error.code).toBe('ai_provider_error');
    expect(error.details).toMatchObject({ reason: 'invalid_output', provider: 'openai-compatible', upstream_status: null, upstream_message: '1 issue; first at notes: Invalid input: expected array, received undefined' });
    expect(JSON.stringify(error)).not.toContain('MODEL-INVENTED-TAG');
  });

  it('applies with merge: the frontmatter list gains the new tag in the note\'s own YAML style; a second apply writes nothing', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => ALPHA_REPLY);
    const first = await restCall<AiTagOutput>(harness, 'POST', '/v1/ai/tag', { scope: { kind: 'paths', paths: [ALPHA] }, apply: true });
    expect(first.status).toBe(200);
    const written = await readOnDisk(harness, ALPHA);
    // The comment, the quoting, the trailing comment, the column-0 list and the body's inline #tag all stay.
    expect(written).toBe('---\n# kept by hand\ntitle: "Alpha"\ntags:\n- project\n- sync\nstatus: active # live\n---\n# Alpha\n\nAlpha ships the sync engine. #inline-note\n\n## Risks\nThe deadline is tight.\n');
    const etag = (await loadEtagFunction())(written);
    expect(first.data.applied).toEqual([{ path: ALPHA, etag, tags_added: ['sync'], tags_removed: [] }]);
    expect(first.data.proposed_patches).toBeUndefined();
    const second = await restCall<AiTagOutput>(harness, 'POST', '/v1/ai/tag', { scope: { kind: 'paths', paths: [ALPHA] }, apply: true });
    expect(second.data.applied).toEqual([]);
    expect(second.data.warnings).toEqual([expect.objectContaining({ code: 'apply_skipped_no_change', path: ALPHA })]);
    expect(await readOnDisk(harness, ALPHA)).toBe(written);
    const entries = await auditEntries(harness);
    expect(entries.filter((entry) => entry.op === 'ai_tag' && entry.path === ALPHA)).toHaveLength(1);
    expect(entries.filter((entry) => entry.type === 'ai.invocation').map((entry) => entry.applied_paths)).toEqual([[ALPHA], undefined]);
  });

  it('applies cached suggestions: the apply call after a suggest call makes no model call', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => ALPHA_REPLY);
    const scope = { kind: 'paths', paths: [ALPHA] };
    await harness.callTool('ai_tag', { scope });
    const applied = structuredOf<AiTagOutput>(await harness.callTool('ai_tag', { scope, apply: true }));
    expect(harness.openai.chatRequests()).toHaveLength(1);
    expect(applied.warnings).toEqual([expect.objectContaining({ code: 'ai_cache_hit' })]);
    expect(applied.applied).toEqual([expect.objectContaining({ path: ALPHA, tags_added: ['sync'] })]);
    expect(await readOnDisk(harness, ALPHA)).toContain('tags:\n- project\n- sync\n');
  });

  it('replaces the frontmatter tags under apply_mode replace, reporting tags_removed; inline #tags in the body are never touched', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => tagReply({ [ALPHA]: [{ tag: 'sync', confidence: 0.9, evidence: [{ path: ALPHA, line: 9 }] }] }));
    const output = structuredOf<AiTagOutput>(await harness.callTool('ai_tag', { scope: { kind: 'paths', paths: [ALPHA] }, apply: true, apply_mode: 'replace' }));
    expect(output.applied).toEqual([expect.objectContaining({ path: ALPHA, tags_added: ['sync'], tags_removed: ['project'] })]);
    expect(await readOnDisk(harness, ALPHA)).toBe(String(TAG_FILES[ALPHA]).replace('tags:\n- project\n', 'tags:\n- sync\n'));
  });

  it('keeps to a namespace, leaves forbidden tags out and caps tags per note; replace then leaves tags outside the namespace alone', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() =>
      tagReply({
        [ALPHA]: [
          { tag: 'topic/sync', confidence: 0.9, evidence: [{ path: ALPHA, line: 9 }] },
          { tag: 'topic/risk', confidence: 0.8, evidence: [{ path: ALPHA, anchor: 'Risks' }] },
          { tag: 'sync', confidence: 0.95, evidence: [{ path: ALPHA, line: 9 }] },
          { tag: 'topic/secret/x', confidence: 0.95, evidence: [{ path: ALPHA, line: 9 }] },
        ],
      }),
    );
    const output = structuredOf<AiTagOutput>(await harness.callTool('ai_tag', { scope: { kind: 'paths', paths: [ALPHA] }, vocabulary: { namespace: '#topic/', forbid: ['topic/secret'], max_per_note: 1 }, apply: true, apply_mode: 'replace' }));
    expect(output.suggestions[0]!.tags.map((tag) => tag.tag)).toEqual(['topic/sync']);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'tag_invalid', details: { tags: [{ tag: 'sync', reason: 'outside_namespace' }, { tag: 'topic/secret/x', reason: 'forbidden' }] } })]);
    expect(output.applied).toEqual([expect.objectContaining({ tags_added: ['topic/sync'], tags_removed: [] })]);
    expect(await readOnDisk(harness, ALPHA)).toContain('tags:\n- project\n- topic/sync\n');
    const prompt = userMessageOf(harness);
    expect(prompt).toContain('at most 1 per note');
    expect(prompt).toContain('Only suggest tags nested under "topic/"');
    expect(prompt).toContain('Never suggest these tags, nor tags nested below them: topic/secret.');
  });

  it('refuses a concurrent edit between suggest and apply through if_match with ai_apply_conflict, before any model call', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => ALPHA_REPLY);
    const suggested = structuredOf<AiTagOutput>(await harness.callTool('ai_tag', { scope: { kind: 'paths', paths: [ALPHA] } }));
    const edited = `${String(TAG_FILES[ALPHA])}\nEdited meanwhile.\n`;
    await writeOnDisk(harness, ALPHA, edited);
    const read = suggested.suggestions[0]!.etag;
    const response = await restCall<AiTagOutput>(harness, 'POST', '/v1/ai/tag', { scope: { kind: 'paths', paths: [ALPHA] }, apply: true, if_match: { [ALPHA]: read } });
    expect(response.status).toBe(409);
    expect(response.error.code).toBe('ai_apply_conflict');
    expect(response.error.details).toEqual({ failed: [{ path: ALPHA, expected: read, actual: (await loadEtagFunction())(edited) }], applied: [] });
    expect(await readOnDisk(harness, ALPHA)).toBe(edited);
    expect(harness.openai.chatRequests()).toHaveLength(1);
  });

  it('skips the conflicting note and writes the others under if_match_mode skip', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => tagReply({ [ALPHA]: [{ tag: 'sync', confidence: 0.9, evidence: [{ path: ALPHA, line: 9 }] }], [BETA]: [{ tag: 'storage', confidence: 0.9, evidence: [{ path: BETA, line: 8 }] }] }));
    const output = structuredOf<AiTagOutput>(await harness.callTool('ai_tag', { scope: { kind: 'glob', path_glob: 'Projects/**' }, apply: true, if_match: { [ALPHA]: '0000000000000000' }, if_match_mode: 'skip' }));
    expect(output.applied).toEqual([expect.objectContaining({ path: BETA, tags_added: ['storage'] })]);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'apply_failed', path: ALPHA, details: { reason: 'etag_mismatch', expected: '0000000000000000', actual: (await loadEtagFunction())(String(TAG_FILES[ALPHA])) } })]);
    expect(await readOnDisk(harness, ALPHA)).toBe(TAG_FILES[ALPHA]);
    // Beta's flow list becomes a block list, as Obsidian's property editor writes it.
    expect(await readOnDisk(harness, BETA)).toBe('---\ntags:\n  - project\n  - infra\n  - storage\n---\n# Beta\n\nBeta is the storage layer.\n\n## Design\nLog-structured storage.\n');
  });

  it('refuses apply without the vault:write scope, and while writes are switched off, yet still suggests', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    harness.openai.onChat(() => ALPHA_REPLY);
    const scope = { kind: 'paths', paths: [ALPHA] };
    expect(mcpErrorOf(await harness.callTool('ai_tag', { scope, apply: true }, harness.served.read)).code).toBe('forbidden');
    expect((await restCall<AiTagOutput>(harness, 'POST', '/v1/ai/tag', { scope, apply: true }, harness.served.read)).status).toBe(403);
    expect(harness.openai.chatRequests()).toHaveLength(0);
    expect((await harness.callTool('vault_config_set', { config: { access: { write_enabled: false } } }, harness.served.admin)).isError).not.toBe(true);
    const refused = await restCall<AiTagOutput>(harness, 'POST', '/v1/ai/tag', { scope, apply: true });
    expect([refused.status, refused.error.code]).toEqual([403, 'forbidden']);
    expect((await restCall<AiTagOutput>(harness, 'POST', '/v1/ai/tag', { scope }, harness.served.read)).status).toBe(200);
    expect(await readOnDisk(harness, ALPHA)).toBe(TAG_FILES[ALPHA]);
  });

  it('sends a scope too large for one prompt in several calls, each constrained to its own notes', async () => {
    const long = (name: string) => `# ${name}\n\n${Array.from({ length: 12 }, (_unused, index) => `${name} fact ${index}: the ${name} service handles request class ${index}.`).join('\n')}\n`;
    harness = await startAiHarness({ files: { 'Big/One.md': long('One'), 'Big/Two.md': long('Two'), 'Big/Three.md': long('Three') }, environment: { INDX_AI_MAX_INPUT_TOKENS: '700' } });
    harness.openai.onChat((body) => {
      const paths = replySchemaOf(body as ChatBody).properties.notes.items.properties.path.enum;
      return tagReply(Object.fromEntries(paths.map((path) => [path, [{ tag: 'service', confidence: 0.9, evidence: [{ path, line: 2 }] }]])));
    });
    const output = structuredOf<AiTagOutput>(await harness.callTool('ai_tag', { scope: { kind: 'glob', path_glob: 'Big/**' } }));
    const batches = harness.openai.chatRequests().map((_request, index) => replySchemaOf(chatBodies(harness)[index]).properties.notes.items.properties.path.enum);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat().sort()).toEqual(['Big/One.md', 'Big/Three.md', 'Big/Two.md']);
    batches.forEach((paths, index) => paths.forEach((path) => expect(userMessageOf(harness, index)).toContain(`<note path="${path}"`)));
    expect(output.suggestions.map((suggestion) => [suggestion.path, suggestion.tags.length])).toEqual([['Big/One.md', 1], ['Big/Three.md', 1], ['Big/Two.md', 1]]);
    expect(output.usage.model_calls).toBe(batches.length);
  });

  it('is listed over MCP with its annotations and a description on every input property', async () => {
    harness = await startAiHarness({ files: TAG_FILES });
    const { tools } = await (await harness.connect(harness.served.read)).listTools();
    const tool = tools.find((candidate) => candidate.name === 'ai_tag');
    // Only the hint that differs from the spec's defaults: it may write (readOnlyHint false), never destructively, not idempotent, open world.
    expect(tool?.annotations).toEqual({ destructiveHint: false });
    const properties = Object.entries(tool?.inputSchema.properties ?? {});
    // A read token's catalog leaves out the fields that only matter when the call writes (seed 000 §3.6); no catalog lists the delivery fields.
    expect(properties.map(([name]) => name).sort()).toEqual(['cite', 'language', 'max_tokens', 'scope', 'seed', 'vocabulary']);
    for (const [name, property] of properties) expect({ name, description: typeof (property as { description?: unknown }).description }).toEqual({ name, description: 'string' });
  });

  it('leaves deny-globbed notes out with globs_excluded: neither their text nor their tags reach the model', async () => {
    harness = await startAiHarness({ files: TAG_FILES, environment: { INDX_AI_DENY_GLOBS: 'Private/**' } });
    harness.openai.onChat(() => tagReply({ [MEETING]: [{ tag: 'incident', confidence: 0.9, evidence: [{ path: MEETING, line: 3 }] }] }));
    const output = structuredOf<AiTagOutput>(await harness.callTool('ai_tag', { scope: { kind: 'glob', path_glob: '**/*.md' } }));
    expect(output.scope_resolved.paths).toEqual(['Notes/Meeting.md', 'Notes/Rota.md', ALPHA, BETA]);
    expect(output.warnings).toEqual([expect.objectContaining({ code: 'globs_excluded', details: { paths: ['Private/Diary.md'], count: 1 } })]);
    expect(sentText(harness)).not.toContain('SECRET-DIARY-TEXT');
    expect(sentText(harness)).not.toContain('secret-diary-tag');
    // All four notes fit one prompt: one model call for the batch.
    expect(harness.openai.chatRequests()).toHaveLength(1);
  });
});
