import type { z } from 'zod';
import type { relateOutputSchema } from '../../../src/core/ai/relate/relate-output-schema';
import type { PatchOp } from '../../../src/core/markdown/patch-op';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { waitFor } from '../../helpers/temp-vault';
import { mcpErrorOf, readOnDisk, restCall, sentText, structuredOf, userMessageOf, warningCodes } from '../../helpers/ai-surface';

type RelateOutput = z.output<typeof relateOutputSchema>;
type Edge = RelateOutput['edges'][number];

function edgeOf(output: RelateOutput, source: string, target: string): Edge | undefined {
  return output.edges.find((edge) => edge.src_path === source && edge.dst_path === target);
}

const ALPHA = '# Alpha\n\nAlpha ships the sync engine.\n\n## Plan\nThe sync engine writes to the storage layer.\n';
const HUB = '# Hub\n\nThe sync engine and storage overview.\n\n## Related\n- [[Cooking]] — same topic\n\n## Later\nMore.\n';

const FILES = {
  'Projects/Alpha.md': ALPHA,
  'Projects/Beta.md': '# Beta\n\nBeta is the storage layer of the sync engine.\n\n## Design\nLog-structured storage.\n',
  'Projects/Gamma.md': '# Gamma\n\nGamma replicates the sync engine state.\n',
  'Notes/Cooking.md': '# Cooking\n\nPasta with tomatoes.\n',
  'Notes/Hub.md': HUB,
  'Private/Diary.md': '# Diary\n\nSECRET-RELATE-TEXT about the sync engine and storage.\n',
};

/** The classification the scripted model gives for each source note. */
const ANSWERS: Record<string, unknown[]> = {
  'Projects/Alpha.md': [
    { dst_path: 'Projects/Beta.md', relation: 'depends_on', confidence: 0.9, rationale: 'Alpha writes to\nthe storage layer Beta is.', evidence: [{ path: 'Projects/Alpha.md', line: 5 }, { path: 'Projects/Beta.md', line: 2 }] },
    { dst_path: 'Projects/Gamma', relation: 'same_topic', confidence: 0.4, rationale: 'Both about the sync engine.', evidence: [{ path: 'Projects/Gamma.md', line: 2 }] },
    { dst_path: 'Nowhere.md', relation: 'extends', confidence: 0.8, rationale: 'Invented.', evidence: [{ path: 'Nowhere.md', line: 1 }] },
    { dst_path: 'Notes/Hub.md', relation: 'summarizes', confidence: 0.7, rationale: 'Bad evidence.', evidence: [{ path: 'Notes/Hub.md', line: 40 }] },
  ],
  'Notes/Hub.md': [
    { dst_path: 'Projects/Alpha.md', relation: 'extends', confidence: 0.8, rationale: 'The hub extends Alpha.', evidence: [{ path: 'Notes/Hub.md', line: 2 }] },
    { dst_path: 'Notes/Cooking.md', relation: 'cites', confidence: 0.95, rationale: 'Linked.', evidence: [{ path: 'Notes/Hub.md', line: 5 }] },
  ],
};

function scriptModel(harness: AiHarness): void {
  harness.openai.onChat((body: { messages: unknown }) => {
    const prompt = JSON.stringify(body.messages);
    const source = Object.keys(ANSWERS).find((path) => prompt.includes(`Source note:\\n<note path=\\"${path}\\"`));
    return { json: { relations: source === undefined ? [] : ANSWERS[source] } };
  });
}

describe('ai_relate with a chat model (lexical neighbours)', () => {
  let harness: AiHarness;
  beforeEach(async () => {
    harness = await startAiHarness({ files: FILES, environment: { INDX_AI_DENY_GLOBS: 'Private/**' } });
    scriptModel(harness);
  });
  afterEach(async () => harness.dispose());

  it('types each relationship with one call per source, keeps verified evidence, drops unknown notes and ungrounded relations (MCP)', async () => {
    const output = structuredOf<RelateOutput>(await harness.callTool('ai_relate', { source: { kind: 'path', path: 'Projects/Alpha' } }));
    expect(harness.openai.chatRequests()).toHaveLength(1);
    expect(output.edges.map((edge) => [edge.dst_path, edge.relation, edge.confidence])).toEqual([
      ['Projects/Beta.md', 'depends_on', 0.9],
      ['Projects/Gamma.md', 'same_topic', 0.4],
    ]);
    const beta = output.edges[0] as Edge;
    expect(beta).toMatchObject({ src_path: 'Projects/Alpha.md', rationale: 'Alpha writes to the storage layer Beta is.' });
    expect(beta.similarity).toBeGreaterThan(0);
    expect(beta.evidence.map((citation) => [citation.path, citation.line])).toEqual([
      ['Projects/Alpha.md', 5],
      ['Projects/Beta.md', 2],
    ]);
    expect(beta.evidence[1]?.etag).toMatch(/^[0-9a-f]{16}$/);
    expect(warningCodes(output)).toEqual(expect.arrayContaining(['embeddings_unavailable', 'globs_excluded', 'citation_invalid', 'ungrounded_dropped']));
    expect(output.warnings.find((warning) => warning.code === 'globs_excluded')?.details?.paths).toEqual(['Private/Diary.md']);
    expect(output.scope_resolved).toEqual({ sources: ['Projects/Alpha.md'], candidates_considered: 3 });
    expect(userMessageOf(harness)).toContain('<note path="Projects/Beta.md"');
    expect(sentText(harness)).not.toContain('SECRET-RELATE-TEXT');
    expect(output.usage.model_calls).toBe(1);
  });

  it('drops edges under the threshold, restricts the labels the model may use, and limits candidates (REST)', async () => {
    harness.openai.onChat(() => ({ json: { relations: (ANSWERS['Projects/Alpha.md'] as { relation: string }[]).filter((answer) => ['depends_on', 'same_topic'].includes(answer.relation)) } }));
    const response = await restCall<RelateOutput>(harness, 'POST', '/v1/ai/relate', {
      source: { kind: 'paths', paths: ['Projects/Alpha.md'] },
      candidates: { kind: 'glob', path_glob: 'Projects/**' },
      relations: ['depends_on', 'same_topic'],
      threshold: 0.5,
    });
    expect(response.status).toBe(200);
    expect(response.data.edges.map((edge) => edge.dst_path)).toEqual(['Projects/Beta.md']);
    expect(response.data.scope_resolved.candidates_considered).toBe(2);
    const schema = JSON.stringify(harness.openai.chatRequests()[0]);
    expect(schema).toContain('"enum":["depends_on","same_topic"]');
    expect(userMessageOf(harness)).not.toContain('<note path="Notes/Hub.md"');
  });

  it('treats a label outside the allowed relations as an invalid reply (ai_provider_error)', async () => {
    const error = mcpErrorOf(await harness.callTool('ai_relate', { source: { kind: 'path', path: 'Projects/Alpha.md' }, relations: ['extends'] }));
    expect(error).toMatchObject({ code: 'ai_provider_error', details: { reason: 'invalid_output' } });
  });

  it('fails with ai_grounding_failed when no relationship the model proposed has verifiable evidence', async () => {
    harness.openai.onChat(() => ({ json: { relations: [{ dst_path: 'Projects/Beta.md', relation: 'extends', confidence: 0.9, rationale: 'x', evidence: [{ path: 'Projects/Beta.md', line: 500 }] }] } }));
    expect(mcpErrorOf(await harness.callTool('ai_relate', { source: { kind: 'path', path: 'Projects/Alpha.md' }, cache: false })).code).toBe('ai_grounding_failed');
  });

  it('without classification: neighbours only, no model call, evidence where each note matched', async () => {
    const output = structuredOf<RelateOutput>(await harness.callTool('ai_relate', { source: { kind: 'path', path: 'Projects/Alpha.md' }, classify: false, top_k: 2 }));
    expect(harness.openai.chatRequests()).toHaveLength(0);
    expect(output.edges).toHaveLength(2);
    expect(output.edges.map((edge) => edge.dst_path)).not.toContain('Projects/Alpha.md');
    for (const edge of output.edges) {
      expect(edge).not.toHaveProperty('relation');
      expect(edge.evidence[0]).toMatchObject({ path: edge.dst_path, etag: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown });
    }
    expect(output.edges[0]?.similarity).toBeGreaterThanOrEqual(output.edges[1]?.similarity ?? 1);
  });

  it('proposes note_patch drafts that note_patch accepts: a new "## Related" section, or an item appended to the existing one', async () => {
    const output = structuredOf<RelateOutput>(await harness.callTool('ai_relate', { source: { kind: 'paths', paths: ['Projects/Alpha.md', 'Notes/Hub.md'] }, propose_links: true, threshold: 0.5 }));
    const patches = output.proposed_patches ?? [];
    expect(patches.map((patch) => [patch.path, patch.related_to])).toEqual([
      ['Notes/Hub.md', ['Projects/Alpha.md']],
      ['Projects/Alpha.md', ['Projects/Beta.md']],
    ]);
    expect(await readOnDisk(harness, 'Projects/Alpha.md')).toBe(ALPHA);
    for (const patch of patches) structuredOf<unknown>(await harness.callTool('note_patch', { path: patch.path, ops: patch.ops as PatchOp[], if_match: patch.if_match }));
    expect(await readOnDisk(harness, 'Projects/Alpha.md')).toBe(`${ALPHA}\n## Related\n- [[Beta]] — depends on\n`);
    expect(await readOnDisk(harness, 'Notes/Hub.md')).toBe(HUB.replace('- [[Cooking]] — same topic\n', '- [[Cooking]] — same topic\n- [[Alpha]] — extends\n'));
  });
});

const KEYWORDS = ['sync', 'storage', 'engine', 'pasta', 'tomato'];

/** Embeddings that make notes about the same words close: one dimension per keyword. */
function keywordVectors(inputs: string[]): number[][] {
  return inputs.map((text) => [...KEYWORDS.map((word) => text.toLowerCase().split(word).length - 1), 0.05]);
}

describe('ai_relate with embeddings only (no chat model)', () => {
  let harness: AiHarness;
  beforeAll(async () => {
    // No INDX_AI_MODEL: no chat model, only the embeddings of semantic search.
    harness = await startAiHarness({ files: { ...FILES, 'Notes/Linked.md': '# Linked\n\nSee [[Cooking]] for the pasta with tomato.\n' }, environment: { INDX_AI_MODEL: '', INDX_AI_DENY_GLOBS: 'Private/**' }, vectors: true });
    harness.openai.onEmbeddings(keywordVectors);
    const search = harness.served.vault.engine.search;
    await search?.whenReady();
    // Six notes have vectors: the deny-globbed diary is never sent to the embeddings provider.
    await waitFor(() => (search?.vectorStats()?.paths ?? 0) >= 6, 10_000);
  });
  afterAll(async () => harness.dispose());

  it('is offered while the chat-only tools are not', async () => {
    const client = await harness.connect();
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('ai_relate');
    expect(names).not.toContain('ai_summarize');
    expect(names).not.toContain('ai_toc');
    expect(structuredOf<{ operations: string[] }>(await harness.callTool('ai_status', {})).operations).toEqual(['ai_relate']);
  });

  it('labels by the heuristic only (cites for an existing link, same_topic for close notes of one folder), warning chat_unavailable', async () => {
    const output = structuredOf<RelateOutput>(await harness.callTool('ai_relate', { source: { kind: 'paths', paths: ['Notes/Linked.md', 'Projects/Alpha.md'] } }));
    expect(harness.openai.chatRequests()).toHaveLength(0);
    expect(warningCodes(output)).toContain('chat_unavailable');
    expect(warningCodes(output)).not.toContain('embeddings_unavailable');
    expect(output.warnings.find((warning) => warning.code === 'globs_excluded')?.details?.paths).toEqual(['Private/Diary.md']);
    expect(edgeOf(output, 'Notes/Linked.md', 'Notes/Cooking.md')).toMatchObject({ relation: 'cites', confidence: 1, evidence: [expect.objectContaining({ path: 'Notes/Linked.md', line: 2 }) as unknown] });
    const sameTopic = edgeOf(output, 'Projects/Alpha.md', 'Projects/Beta.md');
    expect(sameTopic?.relation).toBe('same_topic');
    expect(sameTopic?.confidence).toBe(sameTopic?.similarity);
    expect(output.edges.find((edge) => edge.dst_path === 'Private/Diary.md')).toBeUndefined();
    expect(output.edges[0]?.confidence).toBe(1);
  });

  it('finds semantic neighbours among the candidate notes only, most similar first', async () => {
    const response = await restCall<RelateOutput>(harness, 'POST', '/v1/ai/relate', {
      source: { kind: 'path', path: 'Projects/Alpha.md' },
      candidates: { kind: 'paths', paths: ['Notes/Cooking.md', 'Projects/Beta.md'] },
      retrieve_mode: 'semantic',
      classify: false,
    });
    expect(response.status).toBe(200);
    expect(response.data.edges.map((edge) => edge.dst_path)).toEqual(['Projects/Beta.md', 'Notes/Cooking.md']);
    expect(response.data.edges[0]?.similarity).toBeGreaterThan(0.9);
    expect(response.data.edges[1]?.similarity).toBeLessThan(0.2);
    expect(response.data.scope_resolved.candidates_considered).toBe(2);
    expect(warningCodes(response.data)).toEqual([]);
  });

  it('refuses what ai_toc needs a chat model for with ai_unavailable (seed 002 §2: embeddings only), and still lists a note outline (§5.3)', async () => {
    const described = await restCall(harness, 'POST', '/v1/ai/toc', { mode: 'note', path: 'Notes/Linked.md', include_descriptions: true });
    expect([described.status, described.error.code]).toEqual([503, 'ai_unavailable']);
    const outline = await restCall<{ toc_markdown: string }>(harness, 'POST', '/v1/ai/toc', { mode: 'note', path: 'Notes/Linked.md' });
    expect([outline.status, outline.data.toc_markdown]).toEqual([200, '- [[Linked#Linked|Linked]]\n']);
  });
});
