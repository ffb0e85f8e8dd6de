import { setTimeout as delay } from 'node:timers/promises';
import { AI_FILES, startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { sentText } from '../../helpers/ai-surface';

// Seed 002: a note the AI deny globs cover is seen by no provider. The embeddings provider is one:
// semantic search leaves such a note unembedded (the lexical index, which stays on this machine,
// still has it), and a change of the deny globs is applied to the vectors at once. Through REST,
// against the loopback server that answers both chat and embeddings and records every request.

const SECRET = 'SECRET-DIARY-TEXT';
const DIARY = 'Private/Diary.md';
const ALLOWED = ['Notes/Meeting.md', 'Projects/Alpha.md', 'Projects/Beta.md'];

describe('the AI deny globs keep a note from the embeddings provider', () => {
  let harness: AiHarness;

  beforeAll(async () => {
    harness = await startAiHarness({ vectors: true, files: { ...AI_FILES, '.indx/config.json': JSON.stringify({ ai: { deny_globs: ['Private/**'] } }) } });
  });
  afterAll(async () => harness.dispose());

  /**
   * The notes semantic search returns: with the fake provider's vectors, every note that has
   * vectors. (The query itself goes to the provider, so it names nothing private.)
   */
  async function embedded(): Promise<string[]> {
    const response = await harness.rest('GET', '/v1/search?q=notes&mode=semantic&limit=20');
    expect(response.status).toBe(200);
    return (response.body as { data: { results: { path: string }[] } }).data.results.map((result) => result.path).sort();
  }

  /** Waits until every note offered so far has been fed to (or kept from) the embeddings provider. */
  async function settle(): Promise<void> {
    await harness.served.vault.engine.search?.embeddingsSettled();
  }

  /** {@link embedded}, once the feeder has nothing left to do. */
  async function embeddedSettled(): Promise<string[]> {
    await embedded();
    await settle();
    return embedded();
  }

  const setDenyGlobs = async (globs: string[]): Promise<void> => {
    const response = await harness.rest('PUT', '/v1/vault/config', { config: { ai: { deny_globs: globs } } }, harness.served.admin);
    expect(response.status).toBe(200);
  };

  it('embeds every other note and never sends the denied one; lexical search still finds it', async () => {
    expect(await embeddedSettled()).toEqual(ALLOWED);
    expect(harness.openai.requests.some((request) => request.path === '/v1/embeddings')).toBe(true);
    expect(sentText(harness)).not.toContain(SECRET);
    const lexical = await harness.rest('GET', `/v1/search?q=${SECRET}&mode=lexical`);
    expect((lexical.body as { data: { results: { path: string }[] } }).data.results.map((result) => result.path)).toEqual([DIARY]);
  });

  it('embeds the note once the deny globs let it go, and forgets its vectors once they cover it again', async () => {
    await setDenyGlobs([]);
    expect(await embeddedSettled()).toEqual([...ALLOWED, DIARY].sort());
    expect(sentText(harness)).toContain(SECRET);
    // A folder name covers what is in it, as in every other path rule.
    await setDenyGlobs(['Private']);
    expect(await embeddedSettled()).toEqual(ALLOWED);
  });

  it('does not send an edit of a denied note', async () => {
    const sent = harness.openai.requests.length;
    const written = await harness.rest('PUT', `/v1/notes/${encodeURIComponent(DIARY)}`, { body: '# Diary\n\nSECRET-EDIT-TEXT, still private.\n' });
    expect(written.status).toBeLessThan(300);
    const edited = 'SECRET-EDIT-TEXT';
    // The lexical index has the edit once it is searchable; the feeder has been offered the note by then.
    let found = 0;
    for (let attempt = 0; found === 0 && attempt < 600; attempt += 1) {
      const lexical = await harness.rest('GET', `/v1/search?q=${edited}&mode=lexical`);
      found = (lexical.body as { data: { results: unknown[] } }).data.results.length;
      if (found === 0) await delay(50);
    }
    expect(found).toBe(1);
    await settle();
    expect(JSON.stringify(harness.openai.requests.slice(sent).map((request): unknown => request.body))).not.toContain(edited);
    expect(await embedded()).toEqual(ALLOWED);
  });

  it('keeps similar://vault/ of a denied note lexical, so its opening is not sent as a query; other notes stay hybrid', async () => {
    const client = await harness.connect();
    const sent = harness.openai.requests.length;
    const read = async (path: string) => JSON.parse(((await client.readResource({ uri: `similar://vault/${path}` })).contents[0] as { text: string }).text) as { mode_used: string };
    expect((await read(DIARY)).mode_used).toBe('lexical');
    expect(JSON.stringify(harness.openai.requests.slice(sent).map((request): unknown => request.body))).not.toContain('SECRET');
    expect((await read('Projects/Alpha.md')).mode_used).toBe('hybrid');
    expect(harness.openai.requests.length).toBeGreaterThan(sent);
  });
});
