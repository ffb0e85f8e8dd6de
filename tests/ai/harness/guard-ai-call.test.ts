import type { AiInvocationEvent } from '../../../src/core/audit/ai-invocation-event';
import { expectIndxError } from '../../helpers/expect-error';
import { createTempVault, type TempVault } from '../../helpers/temp-vault';

const CHAT = { INDX_AI_PROVIDER: 'openai-compatible', INDX_AI_BASE_URL: 'http://127.0.0.1:9/v1', INDX_AI_MODEL: 'test-model' };

async function openVault(environment: Record<string, string>): Promise<{ vault: TempVault; events: AiInvocationEvent[] }> {
  const vault = await createTempVault({ 'A.md': '# A\n\nalpha\n' }, { ai: { environment } });
  const events: AiInvocationEvent[] = [];
  vault.engine.audit.subscribeInvocations((event) => events.push(event));
  return { vault, events };
}

// Seed 002 §12: every AI invocation emits one ai.invocation event, failures included.
describe('AI calls through the engine', () => {
  let vault: TempVault;
  afterEach(async () => vault.dispose());

  it('records a call that fails before reaching the model (a scope naming a missing note) as one failed ai.invocation', async () => {
    const opened = await openVault(CHAT);
    vault = opened.vault;
    await expectIndxError(vault.engine.call('ai_summarize', { scope: { kind: 'paths', paths: ['Missing.md'] } }), 'not_found');
    expect(opened.events).toEqual([expect.objectContaining({ type: 'ai.invocation', op: 'summarize', ok: false, error_code: 'not_found', model: 'test-model', cache_hit: false })]);
  });

  it('refuses a chat operation without a chat model before retrieving anything, and records it', async () => {
    const opened = await openVault({});
    vault = opened.vault;
    const search = jest.spyOn(vault.engine.search!, 'search');
    expect(await expectIndxError(vault.engine.call('ai_ask', { question: 'what is alpha?' }), 'ai_unavailable')).toEqual({ required_role: 'chat' });
    expect(search).not.toHaveBeenCalled();
    expect(opened.events).toEqual([expect.objectContaining({ op: 'ask', ok: false, error_code: 'ai_unavailable', provider: 'none' })]);
  });

  it('answers forbidden, not ai_unavailable, to a caller without the read scope', async () => {
    vault = (await openVault({})).vault;
    await expectIndxError(vault.engine.call('ai_ask', { question: 'q' }, { actor: 'token:none', scopes: [] }), 'forbidden');
  });

  it('records nothing for ai_status, a probe that answers even with AI off', async () => {
    const opened = await openVault({});
    vault = opened.vault;
    expect((await vault.engine.call('ai_status', {})).output).toMatchObject({ available: false, operations: [] });
    expect(opened.events).toEqual([]);
  });
});
