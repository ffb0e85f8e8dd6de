import { isStrictJsonSchema } from '../../../src/core/ai/chat/is-strict-json-schema';
import type { NoteSnapshot } from '../../../src/core/ai/scope/read-scope-notes';
import { batchTagNotes } from '../../../src/core/ai/tag/batch-tag-notes';
import { computeTagWrite } from '../../../src/core/ai/tag/compute-tag-write';
import { screenProposedTags } from '../../../src/core/ai/tag/screen-proposed-tags';
import { createTagJsonSchema } from '../../../src/core/ai/tag/tag-json-schema';
import { allowedTagEnum } from '../../../src/core/ai/tag/allowed-tag-enum';
import { createTagRules } from '../../../src/core/ai/tag/tag-rules';
import { createTagSystemPrompt } from '../../../src/core/ai/tag/tag-system-prompt';
import { createTagRequest } from '../../../src/core/ai/tag/tag-user-message';
import type { TagVocabulary } from '../../../src/core/ai/tag/tag-vocabulary';
import { toCanonicalTag } from '../../../src/core/ai/tag/to-canonical-tag';
import { expectIndxError } from '../../helpers/expect-error';

function vocabularyOf(tags: Record<string, number>): TagVocabulary {
  const entries = Object.entries(tags).map(([tag, notes]) => ({ tag, notes }));
  return { known: new Map(entries.map((entry) => [entry.tag.toLowerCase(), entry.tag])), preferred: entries };
}

function snapshot(path: string, lines: number, width = 40): NoteSnapshot {
  const text = Array.from({ length: lines }, (_unused, index) => `${index} ${'x'.repeat(width)}`).join('\n');
  return { path, etag: '0123456789abcdef', text, metadata: {}, frontmatter: null, bodyStartLine: 0, outline: [], tokens: Math.ceil(text.length / 4) };
}

const ASYNC = (rules: () => unknown) => new Promise((resolve) => resolve(rules()));

describe('toCanonicalTag', () => {
  const known = vocabularyOf({ Project: 1, 'OnCall/Night': 1, OnCall: 1 }).known;

  it('strips # and lower-cases a tag the vault does not have', () => {
    expect(toCanonicalTag(' #Fresh/Idea ', known)).toBe('fresh/idea');
  });

  it('keeps the casing the vault already writes, whole or for the longest existing parent (Obsidian tags are case-insensitive)', () => {
    expect(toCanonicalTag('project', known)).toBe('Project');
    expect(toCanonicalTag('oncall/night', known)).toBe('OnCall/Night');
    expect(toCanonicalTag('PROJECT/new', known)).toBe('Project/new');
  });
});

describe('computeTagWrite', () => {
  it('merge appends only the missing tags, keeping the existing entries as written (compared case-insensitively, # ignored)', () => {
    expect(computeTagWrite({ tags: ['#Project', 'ops'] }, { suggested: ['project', 'Ops', 'sync', 'SYNC'], mode: 'merge', namespace: null })).toEqual({ value: ['#Project', 'ops', 'sync'], tags_added: ['sync'], tags_removed: [] });
  });

  it('returns null when nothing changes, so a scalar `tags: a` is not rewritten into a list for nothing', () => {
    expect(computeTagWrite({ tags: 'a' }, { suggested: ['A'], mode: 'merge', namespace: null })).toBeNull();
    expect(computeTagWrite({ tags: ['b', 'a'] }, { suggested: ['a', 'b'], mode: 'replace', namespace: null })).toBeNull();
    expect(computeTagWrite({ tags: 'a' }, { suggested: ['b'], mode: 'merge', namespace: null })?.value).toEqual(['a', 'b']);
  });

  it('creates the list for a note without frontmatter', () => {
    expect(computeTagWrite(null, { suggested: ['x'], mode: 'replace', namespace: null })).toEqual({ value: ['x'], tags_added: ['x'], tags_removed: [] });
  });

  it('replace writes the suggestions (existing spelling kept) and reports the removed tags, never empty YAML items', () => {
    expect(computeTagWrite({ tags: ['Ops', null, '#old'] }, { suggested: ['ops', 'new'], mode: 'replace', namespace: null })).toEqual({ value: ['Ops', 'new'], tags_added: ['new'], tags_removed: ['old'] });
  });

  it('replace within a namespace leaves the tags outside it alone', () => {
    expect(computeTagWrite({ tags: ['project', 'topic/a', 'Topic/b'] }, { suggested: ['topic/b', 'topic/c'], mode: 'replace', namespace: 'topic' })).toEqual({
      value: ['project', 'Topic/b', 'topic/c'],
      tags_added: ['topic/c'],
      tags_removed: ['topic/a'],
    });
  });
});

describe('createTagRules', () => {
  const vocabulary = vocabularyOf({ project: 3, 'topic/a': 1, infra: 1 });

  it('defaults to the seed: existing vocabulary on, new tags allowed, 5 per note, confidence 0.6', () => {
    expect(createTagRules(undefined, vocabulary)).toEqual({ useExisting: true, allowNew: true, candidates: null, forbid: [], namespace: null, maxPerNote: 5, minConfidence: 0.6 });
  });

  it('normalises candidates to the vault\'s form and drops the forbidden ones', () => {
    expect(createTagRules({ candidates: ['#Project', 'PROJECT', 'infra', 'new'], forbid: ['#Infra'] }, vocabulary).candidates).toEqual(['project', 'new']);
  });

  it('refuses a candidate Obsidian would not read as a tag, and options that leave nothing to suggest', async () => {
    expect(await expectIndxError(ASYNC(() => createTagRules({ candidates: ['ok', 'not ok'] }, vocabulary)), 'invalid_input')).toEqual({ invalid: ['not ok'] });
    await expectIndxError(ASYNC(() => createTagRules({ candidates: ['infra'], forbid: ['infra'] }, vocabulary)), 'invalid_input');
    await expectIndxError(ASYNC(() => createTagRules({ namespace: 'has space' }, vocabulary)), 'invalid_input');
    await expectIndxError(ASYNC(() => createTagRules({ allow_new: false }, vocabularyOf({}))), 'invalid_input');
  });

  it('constrains the reply to candidates, or under allow_new false to the allowed existing tags', () => {
    expect(allowedTagEnum(createTagRules(undefined, vocabulary), vocabulary)).toBeNull();
    expect(allowedTagEnum(createTagRules({ allow_new: false, namespace: 'topic' }, vocabulary), vocabulary)).toEqual(['topic/a']);
    expect(allowedTagEnum(createTagRules({ candidates: ['infra'] }, vocabulary), vocabulary)).toEqual(['infra']);
  });
});

describe('screenProposedTags', () => {
  it('keeps the most confident copy of a tag proposed twice in different cases, sorted by confidence', () => {
    const vocabulary = vocabularyOf({ Ops: 2 });
    const rules = createTagRules(undefined, vocabulary);
    const screened = screenProposedTags('N.md', [
      { tag: 'ops', confidence: 0.7, rationale: undefined, evidence: [] },
      { tag: 'zeta', confidence: 0.9, rationale: undefined, evidence: [] },
      { tag: '#OPS', confidence: 0.8, rationale: 'best', evidence: [] },
    ], rules, vocabulary);
    expect(screened.tags).toEqual([
      { tag: 'zeta', confidence: 0.9, rationale: undefined, evidence: [], is_new: true },
      { tag: 'Ops', confidence: 0.8, rationale: 'best', evidence: [], is_new: false },
    ]);
    expect(screened.warnings).toEqual([]);
  });
});

describe('createTagJsonSchema', () => {
  it('meets OpenAI strict structured output, with and without evidence', () => {
    for (const cite of [true, false]) expect(isStrictJsonSchema(createTagJsonSchema({ paths: ['A.md'], tagEnum: ['a'], cite }))).toBe(true);
  });
});

describe('batchTagNotes', () => {
  it('puts several notes in one call while they fit the budget, and starts a new call when they do not', () => {
    const notes = ['A.md', 'B.md', 'C.md'].map((path) => snapshot(path, 5));
    expect(batchTagNotes(notes, 10_000, 2048, 5).map((batch) => batch.notes.map((note) => note.path))).toEqual([['A.md', 'B.md', 'C.md']]);
    expect(batchTagNotes(notes, 150, 2048, 5).map((batch) => batch.notes.map((note) => note.path))).toEqual([['A.md', 'B.md'], ['C.md']]);
  });

  it('caps the notes of a call by what the output cap can answer', () => {
    const notes = ['A.md', 'B.md', 'C.md'].map((path) => snapshot(path, 1));
    expect(batchTagNotes(notes, 10_000, 700, 5).map((batch) => batch.notes.length)).toEqual([2, 1]);
  });

  it('cuts a note too large for a call of its own to fit, saying so', () => {
    const [batch] = batchTagNotes([snapshot('Big.md', 200)], 300, 2048, 5);
    expect(batch!.text).toContain('…(truncated)');
    expect(batch!.text.length / 4).toBeLessThanOrEqual(300);
  });
});

describe('the ai_tag prompt', () => {
  it('says what to do, with the vocabulary and the restrictions (snapshot: review any change)', () => {
    const vocabulary = vocabularyOf({ project: 3, infra: 1 });
    const rules = createTagRules({ allow_new: false, forbid: ['secret'], max_per_note: 3 }, vocabulary);
    expect(createTagSystemPrompt({ cite: true, language: 'en' })).toMatchSnapshot('system');
    expect(createTagRequest({ rules, vocabulary: vocabulary.preferred, noteCount: 2 })).toMatchSnapshot('request');
  });
});
