import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { verifyCitations } from '../../../src/core/ai/grounding/verify-citations';
import { readScopeNotes, type NoteSnapshot } from '../../../src/core/ai/scope/read-scope-notes';
import { openRuntimeVault, type RuntimeVault } from './runtime-context';

const MEETING = [
  '---', //                                  0
  'tags: [meeting]', //                      1
  '---', //                                  2
  '# Meeting 2026-05-02', //                 3
  '', //                                     4
  '## Agenda', //                            5
  'Review the incident.', //                 6
  'Decide on the alert.', //                 7
  '', //                                     8
  '## Actions', //                           9
  '- Alice fixes the alert ^alert-fix', //  10
  '', //                                    11
  'The rollout waits for QA', //            12
  'and for the release notes. ^rollout', // 13
  '', //                                    14
  '# Follow-up', //                         15
  '## Agenda', //                           16
  'Check the fix.', //                      17
].join('\n');

describe('verifyCitations', () => {
  let opened: RuntimeVault;
  let notes: NoteSnapshot[];

  beforeEach(async () => {
    opened = await openRuntimeVault({ 'Meeting.md': `${MEETING}\n`, 'Other.md': 'Other note.\n', 'Long.md': `${'word '.repeat(80)}\n` });
    notes = await readScopeNotes(opened.context, ['Meeting.md', 'Long.md']);
  });
  afterEach(() => opened.vault.dispose());

  const etag = (): string => notes[0]!.etag;

  it('keeps a line citation and fills etag and snippet', async () => {
    const result = await verifyCitations(opened.context, [{ path: 'Meeting.md', line: 6 }], notes);
    expect(result).toEqual({ citations: [{ path: 'Meeting.md', etag: etag(), line: 6, snippet: 'Review the incident.' }], warnings: [], dropped: [] });
  });

  it('keeps a span and its snippet across lines', async () => {
    const { citations } = await verifyCitations(opened.context, [{ path: 'Meeting.md', line: 6, end_line: 7 }], notes);
    expect(citations).toEqual([{ path: 'Meeting.md', etag: etag(), line: 6, span: [6, 7], snippet: 'Review the incident. Decide on the alert.' }]);
  });

  // Obsidian resolves [[Meeting#Actions]] by heading text, ignoring case, and [[Meeting#Meeting 2026-05-02#Actions]] by path.
  it('resolves a heading anchor by text, case, leading #s or heading path, to the heading line', async () => {
    const candidates = ['Actions', 'actions', '## Actions', '##Actions', 'Meeting 2026-05-02 > Actions', 'Meeting 2026-05-02#Actions'].map((anchor) => ({ path: 'Meeting.md', anchor }));
    const { citations, dropped } = await verifyCitations(opened.context, candidates, notes);
    expect(dropped).toEqual([]);
    expect(citations).toEqual([{ path: 'Meeting.md', etag: etag(), anchor: 'Actions', line: 9, snippet: '## Actions' }]);
  });

  it('keeps a given line inside the anchor section, and moves one outside it to the anchor line', async () => {
    const { citations } = await verifyCitations(opened.context, [{ path: 'Meeting.md', anchor: 'Agenda', line: 7 }, { path: 'Meeting.md', anchor: 'Actions', line: 3 }], notes);
    expect(citations).toEqual([
      { path: 'Meeting.md', etag: etag(), anchor: 'Agenda', line: 7, snippet: 'Decide on the alert.' },
      { path: 'Meeting.md', etag: etag(), anchor: 'Actions', line: 9, snippet: '## Actions' },
    ]);
  });

  it('picks, among headings of the same name, the one whose section holds the given line', async () => {
    const { citations } = await verifyCitations(opened.context, [{ path: 'Meeting.md', anchor: 'Agenda', line: 17 }], notes);
    expect(citations).toEqual([{ path: 'Meeting.md', etag: etag(), anchor: 'Agenda', line: 17, snippet: 'Check the fix.' }]);
  });

  // Obsidian block references: [[Meeting#^alert-fix]]; the id marks a list item or a whole paragraph.
  it('resolves ^block-id and bare block-id anchors to the block lines', async () => {
    const { citations, dropped } = await verifyCitations(opened.context, [{ path: 'Meeting.md', anchor: '^alert-fix' }, { path: 'Meeting.md', anchor: 'rollout' }], notes);
    expect(dropped).toEqual([]);
    expect(citations).toEqual([
      { path: 'Meeting.md', etag: etag(), anchor: '^alert-fix', line: 10, snippet: '- Alice fixes the alert ^alert-fix' },
      { path: 'Meeting.md', etag: etag(), anchor: '^rollout', line: 12, span: [12, 13], snippet: 'The rollout waits for QA and for the release notes. ^rollout' },
    ]);
  });

  it('drops an anchor that resolves to nothing with citation_invalid', async () => {
    const result = await verifyCitations(opened.context, [{ path: 'Meeting.md', anchor: 'Budget' }, { path: 'Meeting.md', anchor: '^nope' }], notes);
    expect(result.citations).toEqual([]);
    expect(result.dropped.map((drop) => drop.reason)).toEqual(['anchor_not_found', 'anchor_not_found']);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'citation_invalid', path: 'Meeting.md', details: { anchor: 'Budget', reason: 'anchor_not_found' } }),
      expect.objectContaining({ code: 'citation_invalid', path: 'Meeting.md', details: { anchor: '^nope', reason: 'anchor_not_found' } }),
    ]);
  });

  it('drops a line beyond the note with citation_invalid', async () => {
    const result = await verifyCitations(opened.context, [{ path: 'Meeting.md', line: 18 }, { path: 'Meeting.md', line: 2, end_line: 40 }, { path: 'Meeting.md', line: 17 }], notes);
    expect(result.citations.map((citation) => citation.line)).toEqual([17]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'citation_invalid', details: { line: 18, reason: 'line_out_of_range' } }),
      expect.objectContaining({ code: 'citation_invalid', details: { line: 2, reason: 'line_out_of_range' } }),
    ]);
  });

  it('drops a citation of a note the model was not given', async () => {
    const result = await verifyCitations(opened.context, [{ path: 'Other.md', line: 0 }], notes);
    expect(result.citations).toEqual([]);
    expect(result.dropped).toEqual([{ candidate: { path: 'Other.md', line: 0 }, reason: 'not_in_scope' }]);
    expect(result.warnings[0]?.code).toBe('citation_invalid');
  });

  it('drops citations of a note edited since it was read with citation_drift', async () => {
    await opened.vault.engine.call('note_patch', { path: 'Meeting.md', ops: [{ op: 'append_body', markdown: 'Late addition.\n' }] });
    const result = await verifyCitations(opened.context, [{ path: 'Meeting.md', line: 6 }, { path: 'Long.md', line: 0 }], notes);
    expect(result.citations.map((citation) => citation.path)).toEqual(['Long.md']);
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'citation_drift', path: 'Meeting.md', details: { line: 6, reason: 'etag_changed' } })]);
  });

  it('drops citations of a note deleted since it was read with citation_invalid', async () => {
    await fs.rm(join(opened.vault.root, 'Meeting.md'));
    const result = await verifyCitations(opened.context, [{ path: 'Meeting.md', line: 6 }], notes);
    expect(result.citations).toEqual([]);
    expect(result.dropped[0]?.reason).toBe('missing');
    expect(result.warnings[0]?.code).toBe('citation_invalid');
  });

  it('keeps identical citations once', async () => {
    const { citations } = await verifyCitations(opened.context, [{ path: 'Meeting.md', line: 6 }, { path: 'Meeting.md', line: 6, quote: 'Review' }, { path: 'Meeting.md', line: 7 }], notes);
    expect(citations.map((citation) => citation.line)).toEqual([6, 7]);
  });

  it('cuts snippets to 200 characters', async () => {
    const { citations } = await verifyCitations(opened.context, [{ path: 'Long.md', line: 0 }], notes);
    expect(Array.from(citations[0]?.snippet ?? '')).toHaveLength(200);
    expect(citations[0]?.snippet?.endsWith('…')).toBe(true);
  });

  it('finds the line of a quote when the model gives neither line nor anchor', async () => {
    const { citations } = await verifyCitations(opened.context, [{ path: 'Meeting.md', quote: 'decide on the  alert' }, { path: 'Meeting.md' }], notes);
    expect(citations).toEqual([{ path: 'Meeting.md', etag: etag(), line: 7, snippet: 'Decide on the alert.' }, { path: 'Meeting.md', etag: etag() }]);
  });
});
