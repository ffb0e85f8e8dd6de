import { AI_FILES, startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { callSurface, dataOf, errorOf, SURFACES, sentText, warningCodesOf } from './call-surface';
import { DRIFT_PATH, EXTRACT_CASE, PRIVATE_PATH } from './operation-cases';
import { auditEntries, etagOf, readNote } from './vault-disk';

// Issue 7 acceptance, ai_extract's writes (seed 002 §5.7, §5.8) through MCP and REST: a stale
// per-path if_match fails with ai_apply_conflict and writes nothing; an applied write lands in
// the audit log as op ai_extract with the roll-up ai.invocation event; a deny-globbed note of the
// scope is neither sent nor written.

const BETA = 'Projects/Beta.md';
const STALE = '0000000000000000';
const KEY = 'fact';

const applyInput = (paths: readonly string[], extra: object = {}): Record<string, unknown> => ({ ...EXTRACT_CASE.input(paths), destination: 'frontmatter', destination_key: KEY, apply: true, ...extra });

describe.each(SURFACES)('ai_extract apply over %s', (surface) => {
  let harness: AiHarness;
  beforeEach(async () => {
    harness = await startAiHarness({ environment: { INDX_AI_DENY_GLOBS: 'Private/**' } });
    harness.openai.onChat((body) => ({ json: EXTRACT_CASE.reply(body) }));
  });
  afterEach(async () => harness.dispose());

  const call = (input: object) => callSurface(harness, surface, EXTRACT_CASE, input);
  const writesOf = async (): Promise<Record<string, unknown>[]> => (await auditEntries(harness)).filter((entry) => entry.op === 'ai_extract');

  it('fails with ai_apply_conflict (409, details.failed) on a stale if_match and writes no note, not even the one before it', async () => {
    const actual = await etagOf(harness, BETA);
    const error = errorOf(await call(applyInput(EXTRACT_CASE.scope, { if_match: { [BETA]: STALE } })), 'ai_apply_conflict', 409);
    expect(error.details.failed).toEqual([{ path: BETA, expected: STALE, actual }]);
    expect(await readNote(harness, DRIFT_PATH)).toBe(AI_FILES[DRIFT_PATH]);
    expect(await readNote(harness, BETA)).toBe(AI_FILES[BETA]);
    expect(await writesOf()).toEqual([]);
  });

  it('applies with the current if_match, reports each new etag, and the audit log records each write as op ai_extract', async () => {
    const ifMatch = { [DRIFT_PATH]: await etagOf(harness, DRIFT_PATH), [BETA]: await etagOf(harness, BETA) };
    const output = dataOf(await call(applyInput(EXTRACT_CASE.scope, { if_match: ifMatch })));
    const applied = output.applied as { path: string; etag: string; key: string }[];
    expect(applied.map((write) => [write.path, write.key])).toEqual([
      [DRIFT_PATH, KEY],
      [BETA, KEY],
    ]);
    for (const write of applied) expect(write.etag).toBe(await etagOf(harness, write.path));
    expect(await readNote(harness, DRIFT_PATH)).toContain(`${KEY}:\n  fact: Alpha ships the sync engine.\n`);
    const writes = await writesOf();
    expect(writes.map((entry) => entry.path)).toEqual([DRIFT_PATH, BETA]);
    expect(writes.map((entry) => entry.etag_after)).toEqual(applied.map((write) => write.etag));
    const invocations = (await auditEntries(harness)).filter((entry) => entry.type === 'ai.invocation');
    expect(invocations).toEqual([expect.objectContaining({ op: 'extract', ok: true, applied_paths: [DRIFT_PATH, BETA] })]);
  });

  it('neither sends nor writes a deny-globbed note of the scope (globs_excluded)', async () => {
    const output = dataOf(await call(applyInput([...EXTRACT_CASE.scope, PRIVATE_PATH])));
    expect(warningCodesOf(output)).toContain('globs_excluded');
    expect((output.applied as { path: string }[]).map((write) => write.path)).toEqual([DRIFT_PATH, BETA]);
    expect(await readNote(harness, PRIVATE_PATH)).toBe(AI_FILES[PRIVATE_PATH]);
    expect((await writesOf()).map((entry) => entry.path)).not.toContain(PRIVATE_PATH);
    expect(sentText(harness)).not.toContain('SECRET-DIARY-TEXT');
  });
});
