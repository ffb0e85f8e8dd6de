import type { TempVault } from '../../helpers/temp-vault';
import { expectIndxError } from '../../helpers/expect-error';
import type { Caller } from '../../../src/core/engine';
import { createPrompts, type PromptDefinition } from '../../../src/server/mcp/prompts';
import { NOW, openContentVault, READER, WRITER } from './content-vault';

let vault: TempVault;
const prompts = createPrompts({ clock: () => NOW });

beforeAll(async () => {
  vault = await openContentVault();
});
afterAll(async () => {
  await vault.dispose();
});

function promptNamed(name: string): PromptDefinition {
  const prompt = prompts.find((candidate) => candidate.name === name);
  if (prompt === undefined) throw new Error(`no prompt ${name}`);
  return prompt;
}

/** The text of the prompt's messages, checking each is one user text message. */
async function textOf(name: string, args: Record<string, unknown> = {}, caller: Caller = WRITER): Promise<string> {
  const messages = await promptNamed(name).messages(args, vault.engine, caller);
  expect(messages.map((message) => [message.role, message.content.type])).toEqual([['user', 'text']]);
  return messages.map((message) => message.content.text).join('\n');
}

describe('vault_summary', () => {
  it('embeds counts, link health, top tags and recent notes', async () => {
    const text = await textOf('vault_summary');
    expect(text).toContain(`the vault "${vault.host.name}"`);
    expect(text).toContain('6 notes, 1 canvas, 1 base and 1 attachment (9 files) in 4 folders');
    expect(text).toContain('3 orphan notes');
    expect(text).toContain('#project (1 note)');
    expect(text.indexOf('Daily/2026-11-20.md')).toBeLessThan(text.indexOf('Home.md (2026-11-19'));
    // The temp folder's random name is the vault name: keep the snapshot deterministic.
    expect(text.replace(vault.host.name, '<vault>')).toMatchSnapshot();
  });
});

describe('daily_note', () => {
  it('defaults to today from the injected clock and links back to the previous daily note', async () => {
    const text = await textOf('daily_note');
    expect(text).toContain('Daily/2026-11-21.md');
    expect(text).toContain('does not exist yet');
    expect(text).toContain('[[Daily/2026-11-20]]');
    expect(text).toMatchSnapshot();
  });

  it('reports an existing note with its etag and headings', async () => {
    const { output } = await vault.engine.call('note_read', { path: 'Daily/2026-11-20.md', include: [] });
    const text = await textOf('daily_note', { date: '2026-11-20' });
    expect(text).toContain(`The note exists (etag ${(output as { etag: string }).etag}); its headings: # 2026-11-20.`);
    expect(text).not.toContain('previous daily note');
  });

  it('tells a read-only caller not to write', async () => {
    expect(await textOf('daily_note', {}, READER)).toContain('read-only');
    expect(await textOf('daily_note', {}, WRITER)).not.toContain('read-only');
  });

  it.each([{ date: '2026-02-30' }, { date: '21/11/2026' }, { date: 'today' }, { day: '2026-11-21' }])('rejects %j with invalid_input', async (args) => {
    await expectIndxError(promptNamed('daily_note').messages(args, vault.engine, WRITER), 'invalid_input');
  });
});

describe('link_orphans', () => {
  it('lists every orphan with its tags', async () => {
    const text = await textOf('link_orphans');
    expect(text).toContain('3 orphan notes');
    expect(text).toContain('- My Notes/Café ü.md\n- Notes/Beta.md\n- Orphan.md (tags: #lonely)');
    expect(text).toMatchSnapshot();
  });

  it('takes limit as the string MCP sends', async () => {
    const text = await textOf('link_orphans', { limit: '1' });
    expect(text).toContain('the first 1, by path');
    expect(text).toContain('- My Notes/Café ü.md');
    expect(text).not.toContain('Orphan.md');
  });

  it.each([{ limit: '0' }, { limit: '201' }, { limit: 'many' }, { limit: '1.5' }])('rejects %j with invalid_input', async (args) => {
    await expectIndxError(promptNamed('link_orphans').messages(args, vault.engine, WRITER), 'invalid_input');
  });

  it('says there is nothing to do in a vault without orphans', async () => {
    const linked = await openContentVault({ 'A.md': '[[B]]', 'B.md': '[[A]]' });
    try {
      expect(await promptNamed('link_orphans').messages({}, linked.engine, READER)).toEqual([{ role: 'user', content: { type: 'text', text: expect.stringContaining('no orphan notes') as string } }]);
    } finally {
      await linked.dispose();
    }
  });
});

describe('cleanup_unresolved_links', () => {
  it('lists broken links with their sources and similarly named notes, as a dry run by default', async () => {
    const text = await textOf('cleanup_unresolved_links');
    expect(text).toContain('- [[Missing Note]] in Home.md; similar notes: none');
    expect(text).toContain('- [[Alph]] in Notes/Beta.md (2 times); similar notes: Notes/Alpha.md');
    expect(text).toContain('dry run');
    expect(text).toMatchSnapshot();
  });

  it('asks to apply the fixes when dry_run is "false"', async () => {
    const text = await textOf('cleanup_unresolved_links', { dry_run: 'false' });
    expect(text).toContain('Apply the fixes');
    expect(text).not.toContain('dry run');
    expect(await textOf('cleanup_unresolved_links', { dry_run: 'true' })).toContain('dry run');
  });

  it('rejects a dry_run that is not a boolean', async () => {
    await expectIndxError(promptNamed('cleanup_unresolved_links').messages({ dry_run: 'maybe' }, vault.engine, WRITER), 'invalid_input');
  });
});

describe('weekly_review', () => {
  it('lists the notes last modified in the ISO week of today (Monday to Sunday)', async () => {
    const text = await textOf('weekly_review');
    expect(text).toContain('2026-W47 (2026-11-16 to 2026-11-22) into Reviews/2026-W47.md');
    expect(text).toContain('3 notes were last modified during that week');
    expect(text).toContain('- Daily/2026-11-20.md (2026-11-20)\n- Home.md (2026-11-19) #start\n- Notes/Alpha.md (2026-11-18) #project/alpha');
    expect(text).not.toContain('Notes/Beta.md');
    expect(text).toMatchSnapshot();
  });

  it('reviews the week holding week_of', async () => {
    const text = await textOf('weekly_review', { week_of: '2026-11-12' });
    expect(text).toContain('2026-W46 (2026-11-09 to 2026-11-15)');
    expect(text).toContain('1 note was last modified during that week');
    expect(text).toContain('- Notes/Beta.md (2026-11-10)');
  });

  it('says when nothing changed', async () => {
    expect(await textOf('weekly_review', { week_of: '2024-03-01' })).toContain('No note was modified during that week.');
  });

  it('rejects a malformed week_of', async () => {
    await expectIndxError(promptNamed('weekly_review').messages({ week_of: '2026-13-01' }, vault.engine, WRITER), 'invalid_input');
  });
});

describe('every prompt', () => {
  it('rejects unknown arguments with invalid_input', async () => {
    for (const prompt of prompts) await expectIndxError(prompt.messages({ unexpected: 'x' }, vault.engine, WRITER), 'invalid_input');
  });

  it('recommends only tools the registry defines', () => {
    const known = new Set(vault.engine.registry.list().map((operation) => operation.name));
    for (const prompt of prompts) expect(prompt.tools.filter((tool) => !known.has(tool))).toEqual([]);
  });

  it('works for a read token and refuses a caller without scopes', async () => {
    for (const prompt of prompts) {
      await expect(prompt.messages({}, vault.engine, READER)).resolves.toHaveLength(1);
      await expectIndxError(prompt.messages({}, vault.engine, { actor: 'none', scopes: [] }), 'forbidden');
    }
  });

  it('only ever reads: the vault is unchanged after every prompt', async () => {
    const before = await vault.engine.call('note_list', {});
    for (const prompt of prompts) await prompt.messages({}, vault.engine, WRITER);
    expect(await vault.engine.call('note_list', {})).toEqual(before);
  });
});
