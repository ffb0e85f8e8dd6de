import { promises as fs } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { isolatedEnvironment, printedError, runCli, type CliResult } from '../../cli/run-cli';

// Seed 002 §10.2 and §11 on the CLI: `indx ai toc --moc --write PATH` replaces an existing note
// only with --yes (else already_exists, exit 4, and the message says to pass --yes); the
// `indx ai tag` vocabulary shorthands of §11.6 (--use-existing, --max-per-note, --min-confidence,
// --candidates, --forbid…) fill the vocabulary object; `indx ai metadata --fields-file` and
// `indx ai extract --schema-file --destination frontmatter --destination-key` (§11.8). Every case
// runs the real bundled CLI against a served vault whose model is the loopback fake.

const MEETING = 'Notes/Meeting.md';
const PROJECTS = ['Projects/Alpha.md', 'Projects/Beta.md'];

/** The parts of a chat completion request these tests read. */
interface ChatBody {
  messages: { role: string; content: unknown }[];
  response_format?: { json_schema?: { schema?: unknown } };
}

let home: string;
let harness: AiHarness;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'indx-ai-cli-sugar-'));
});
afterAll(async () => rm(home, { recursive: true, force: true }));
beforeEach(async () => {
  harness = await startAiHarness();
});
afterEach(async () => harness.dispose());

function cli(args: string[]): Promise<CliResult> {
  return runCli([...args, '--url', harness.served.server.url], isolatedEnvironment(home, { INDX_TOKEN: harness.served.write }));
}

function outputOf<Output = Record<string, unknown>>(result: CliResult): Output {
  expect([result.code, result.stderr]).toEqual([0, '']);
  return JSON.parse(result.stdout) as Output;
}

/** The user message of the n-th chat request the fake model received. */
function promptOf(index = 0): string {
  const messages = (harness.openai.chatRequests()[index] as ChatBody).messages;
  return String(messages[messages.length - 1]?.content);
}

async function writeFile(name: string, json: unknown): Promise<string> {
  const file = join(home, name);
  await fs.writeFile(file, JSON.stringify(json));
  return file;
}

async function readVault(path: string): Promise<string | null> {
  return fs.readFile(join(harness.root, path), 'utf8').catch(() => null);
}

describe('indx ai tag vocabulary shorthands (seed 002 §11.6)', () => {
  /** The meeting's tags as the model proposes them: two sure ones citing line 3, one unsure. */
  const reply = () => ({
    json: {
      notes: [
        {
          path: MEETING,
          tags: [
            { tag: 'incident', confidence: 0.95, rationale: 'An incident review.', evidence: [{ path: MEETING, line: 3 }] },
            { tag: 'ops', confidence: 0.92, rationale: 'Operations work.', evidence: [{ path: MEETING, line: 3 }] },
            { tag: 'review', confidence: 0.7, rationale: 'A review.', evidence: [{ path: MEETING, line: 3 }] },
          ],
        },
      ],
    },
  });

  it('--max-per-note 1 --min-confidence 0.9 reach the model and the result: one tag kept, the unsure one dropped', async () => {
    harness.openai.onChat(reply);
    const output = outputOf<{ suggestions: { path: string; tags: { tag: string }[] }[]; warnings: { code: string }[] }>(
      await cli(['ai', 'tag', '--scope-paths', MEETING, '--max-per-note', '1', '--min-confidence', '0.9']),
    );
    expect(promptOf()).toContain('at most 1 per note');
    expect(output.suggestions).toEqual([expect.objectContaining({ path: MEETING, tags: [expect.objectContaining({ tag: 'incident' })] })]);
    // The default threshold (0.6) would have kept "review": 0.9 came from --min-confidence.
    expect(output.warnings.map((warning) => warning.code)).toContain('tag_below_threshold');
  });

  it('merges the shorthands over --vocabulary: a shorthand wins for its key, the JSON keeps the others', async () => {
    harness.openai.onChat(reply);
    const result = await cli(['ai', 'tag', '--scope-paths', MEETING, '--vocabulary', '{"max_per_note":3,"forbid":["secret"]}', '--max-per-note', '2', '--candidates', 'incident, ops,', '--no-use-existing']);
    expect(result.code).toBe(0);
    const prompt = promptOf();
    expect(prompt).toContain('at most 2 per note');
    expect(prompt).toContain('Choose only from these tags: incident, ops.');
    expect(prompt).toContain('Never suggest these tags, nor tags nested below them: secret.');
    expect(JSON.stringify((harness.openai.chatRequests()[0] as ChatBody).response_format)).toContain('"enum":["incident","ops"]');
  });

  it('--no-use-existing hides the vault\'s tags from the model; --use-existing (the default) shows them', async () => {
    harness.openai.onChat(reply);
    expect((await cli(['ai', 'tag', '--scope-paths', MEETING, '--no-use-existing', '--no-cache'])).code).toBe(0);
    expect((await cli(['ai', 'tag', '--scope-paths', MEETING, '--use-existing', '--no-cache'])).code).toBe(0);
    expect(promptOf(0)).not.toContain('Tags this vault already uses');
    expect(promptOf(1)).toContain('Tags this vault already uses');
  });

  it('--namespace and --no-allow-new reach the model; a value that is not a number is invalid input before any model call', async () => {
    harness.openai.onChat(() => ({ json: { notes: [] } }));
    expect((await cli(['ai', 'tag', '--scope-paths', MEETING, '--namespace', 'work'])).code).toBe(0);
    expect((await cli(['ai', 'tag', '--scope-paths', MEETING, '--no-allow-new'])).code).toBe(0);
    expect(promptOf(0)).toContain('Only suggest tags nested under "work/"');
    expect(promptOf(1)).toContain('do not invent new ones');
    // Both together leave nothing to suggest in this vault (no existing tag under work/): the server says so.
    const none = await cli(['ai', 'tag', '--scope-paths', MEETING, '--namespace', 'work', '--no-allow-new']);
    expect([none.code, printedError(none).details]).toEqual([2, { allow_new: false }]);
    const bad = await cli(['ai', 'tag', '--scope-paths', MEETING, '--min-confidence', 'high']);
    expect([bad.code, printedError(bad).code, printedError(bad).message]).toEqual([2, 'invalid_input', expect.stringContaining('--min-confidence') as string]);
    expect(harness.openai.chatRequests()).toHaveLength(2);
  });
});

describe('indx ai toc --moc --write (seed 002 §10.2: replacing needs --yes)', () => {
  const moc = ['ai', 'toc', '--moc', '--scope-glob', 'Projects/**', '--write', 'Index.md'];

  beforeEach(() => {
    harness.openai.onChat(() => ({ json: { groups: [{ title: 'Sync and storage', paths: PROJECTS }] } }));
  });

  it('creates the note; the same again fails with already_exists (exit 4) and says to pass --yes; with --yes it replaces the note', async () => {
    const created = outputOf<{ written: { path: string; etag: string } }>(await cli(moc));
    expect(created.written.path).toBe('Index.md');
    expect(await readVault('Index.md')).toContain('[[Beta]]');
    await harness.callTool('note_write', { path: 'Index.md', body: 'mine\n' });

    const again = await cli(moc);
    expect([again.code, printedError(again).code, printedError(again).details]).toEqual([4, 'already_exists', { path: 'Index.md' }]);
    expect(printedError(again).message).toMatch(/"Index\.md" already exists.*pass --yes to replace it/);
    expect(await readVault('Index.md')).toBe('mine\n');

    const replaced = outputOf<{ written: { path: string; etag: string } }>(await cli([...moc, '--yes']));
    expect(replaced.written.path).toBe('Index.md');
    expect(await readVault('Index.md')).toContain('[[Beta]]');
  });

  it('streams the hint too: ai.error on stdout and the error on stderr say to pass --yes', async () => {
    await harness.callTool('note_write', { path: 'Index.md', body: 'mine\n' });
    const result = await cli([...moc, '--stream']);
    expect(result.code).toBe(4);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { type: string; error: { code: string; message: string } };
    expect(last).toMatchObject({ type: 'ai.error', error: { code: 'already_exists', message: expect.stringContaining('pass --yes') as string } });
    expect(printedError(result).message).toContain('pass --yes');
    expect(await readVault('Index.md')).toBe('mine\n');
  });

  it('--if-not-exists stays a plain create-only write (no --yes hint), and contradicts --yes', async () => {
    await harness.callTool('note_write', { path: 'Index.md', body: 'mine\n' });
    const safe = await cli([...moc, '--if-not-exists']);
    expect([safe.code, printedError(safe).code]).toEqual([4, 'already_exists']);
    expect(printedError(safe).message).not.toContain('--yes');
    const both = await cli([...moc, '--if-not-exists', '--yes']);
    expect([both.code, printedError(both).code]).toEqual([2, 'invalid_input']);
    const lone = await cli(['ai', 'toc', '--moc', '--scope-glob', 'Projects/**', '--yes']);
    expect([lone.code, printedError(lone).code, printedError(lone).message]).toEqual([2, 'invalid_input', expect.stringContaining('--write') as string]);
    expect(await readVault('Index.md')).toBe('mine\n');
  });

  it('applies the --yes rule to a JSON write too: its if_not_exists: false does not replace without --yes', async () => {
    await harness.callTool('note_write', { path: 'Index.md', body: 'mine\n' });
    const result = await cli(['ai', 'toc', '--moc', '--scope-glob', 'Projects/**', '--write', '{"path":"Index.md","if_not_exists":false}']);
    expect([result.code, printedError(result).code]).toEqual([4, 'already_exists']);
    expect(await readVault('Index.md')).toBe('mine\n');
  });
});

describe('indx ai metadata --fields-file and indx ai extract --schema-file (seed 002 §11.7, §11.8)', () => {
  it('--fields-file reads the fields array: the model is asked for those keys and the values come back', async () => {
    const file = await writeFile('fields.json', [{ key: 'title', type: 'string' }, { key: 'phase', type: 'enum', enum: ['draft', 'shipping'] }]);
    harness.openai.onChat(() => ({ json: { fields: { title: { value: 'Alpha', confidence: 0.9, rationale: 'The heading.', evidence: [{ path: 'Projects/Alpha.md', line: 4 }] } } } }));
    const output = outputOf<{ results: { path: string; fields: Record<string, { value: unknown }> }[] }>(await cli(['ai', 'metadata', '--scope-paths', 'Projects/Alpha.md', '--fields-file', file]));
    expect(output.results[0]).toMatchObject({ path: 'Projects/Alpha.md', fields: { title: { value: 'Alpha' } } });
    const schema = JSON.stringify((harness.openai.chatRequests()[0] as ChatBody).response_format?.json_schema?.schema);
    expect(schema).toContain('"phase"');
    expect(schema).toContain('"shipping"');
  });

  it('a fields file that is not a JSON array is invalid input naming the flag, before any model call', async () => {
    const file = await writeFile('fields-object.json', { key: 'title', type: 'string' });
    const result = await cli(['ai', 'metadata', '--scope-paths', 'Projects/Alpha.md', '--fields-file', file]);
    expect([result.code, printedError(result).code, printedError(result).message]).toEqual([2, 'invalid_input', expect.stringContaining('--fields-file') as string]);
    expect(harness.openai.chatRequests()).toHaveLength(0);
  });

  it('extract --schema-file --destination frontmatter --destination-key drafts the frontmatter key', async () => {
    const file = await writeFile('action-items.schema.json', { type: 'array', items: { type: 'object', required: ['task', 'owner'], properties: { task: { type: 'string' }, owner: { type: 'string' } }, additionalProperties: false } });
    harness.openai.onChat(() => ({ json: { data: [{ task: 'Fix the alert', owner: 'Alice' }], confidence: 0.9, citations: [{ path: MEETING, line: 6 }] } }));
    const output = outputOf<{ proposed_patches: { path: string; ops: { op: string; key: string; value: unknown }[] }[] }>(
      await cli(['ai', 'extract', '--scope-paths', MEETING, '--schema-file', file, '--destination', 'frontmatter', '--destination-key', 'action_items']),
    );
    expect(output.proposed_patches).toEqual([expect.objectContaining({ path: MEETING, ops: [expect.objectContaining({ op: 'set_frontmatter', key: 'action_items', value: [{ task: 'Fix the alert', owner: 'Alice' }] })] })]);
    expect(JSON.stringify((harness.openai.chatRequests()[0] as ChatBody).response_format)).toContain('"owner"');
  });
});

describe('help of the AI commands lists the shorthands', () => {
  it('ai tag, ai toc, ai metadata and ai extract', async () => {
    const help = async (word: string) => (await runCli(['ai', word, '--help'], isolatedEnvironment(home))).stdout;
    const tag = await help('tag');
    for (const flag of ['--use-existing', '--no-use-existing', '--allow-new', '--no-allow-new', '--max-per-note <n>', '--min-confidence <x>', '--candidates <tags>', '--forbid <tags>', '--namespace <ns>', '--vocabulary <json>', '--apply', '--apply-mode']) expect(tag).toContain(flag);
    const toc = await help('toc');
    for (const flag of ['--yes', '--if-not-exists', '--write <json>', '--moc']) expect(toc).toContain(flag);
    expect(await help('metadata')).toContain('--fields-file <file>');
    const extract = await help('extract');
    for (const flag of ['--schema-file <file>', '--destination <value>', '--destination-key <value>']) expect(extract).toContain(flag);
  });
});
