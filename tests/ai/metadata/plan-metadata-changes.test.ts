import type { MetadataFieldSpec } from '../../../src/core/ai/metadata/metadata-field-spec';
import type { MetadataResult } from '../../../src/core/ai/metadata/metadata-output-schema';
import { planMetadataChanges } from '../../../src/core/ai/metadata/plan-metadata-changes';

const specs: MetadataFieldSpec[] = [
  { key: 'title', type: 'string' },
  { key: 'stakeholders', type: 'list' },
  { key: 'aliases', type: 'string' },
  { key: 'due', type: 'date' },
];

const result: MetadataResult = {
  path: 'A.md',
  etag: '0123456789abcdef',
  fields: {
    title: { value: 'New title', confidence: 0.9, evidence: [] },
    stakeholders: { value: ['Bob', 'Carol'], confidence: 0.9, evidence: [] },
    aliases: { value: ['Alpha'], confidence: 0.9, evidence: [] },
    due: { value: null, confidence: 0, evidence: [] },
  },
};

const current = { title: 'Mine', stakeholders: ['Alice', 'Bob'], aliases: 'A' };

describe('planMetadataChanges', () => {
  it('set_missing writes only absent or empty keys and lists the others as skipped', () => {
    expect(planMetadataChanges(result, { title: '', stakeholders: [] }, specs, 'set_missing', [])).toEqual({
      changes: [
        { key: 'title', value: 'New title' },
        { key: 'stakeholders', value: ['Bob', 'Carol'] },
        { key: 'aliases', value: ['Alpha'] },
      ],
      skipped: [],
    });
    const planned = planMetadataChanges(result, current, specs, 'set_missing', []);
    expect(planned.changes).toEqual([]);
    expect(planned.skipped).toEqual(['title', 'stakeholders', 'aliases'].map((key) => ({ key, reason: 'existing_under_set_missing' })));
  });

  it('overwrite replaces current values and leaves keys without a value alone', () => {
    expect(planMetadataChanges(result, current, specs, 'overwrite', []).changes).toEqual([
      { key: 'title', value: 'New title' },
      { key: 'stakeholders', value: ['Bob', 'Carol'] },
      { key: 'aliases', value: ['Alpha'] },
    ]);
  });

  it('merge unions lists (current order first, no repeats), aliases as a list whatever its declared type, scalars like set_missing', () => {
    const planned = planMetadataChanges(result, current, specs, 'merge', []);
    expect(planned.changes).toEqual([
      { key: 'stakeholders', value: ['Alice', 'Bob', 'Carol'] },
      { key: 'aliases', value: ['A', 'Alpha'] },
    ]);
    expect(planned.skipped).toEqual([{ key: 'title', reason: 'existing_under_set_missing' }]);
  });

  it('reports keys whose model value failed validation as validation_failed', () => {
    expect(planMetadataChanges(result, null, specs, 'set_missing', ['due']).skipped).toEqual([{ key: 'due', reason: 'validation_failed' }]);
  });

  it('reads only the note\'s own properties, so a key named like an Object member is still missing', () => {
    const constructorSpec: MetadataFieldSpec[] = [{ key: 'constructor', type: 'string' }];
    const withValue: MetadataResult = { ...result, fields: { constructor: { value: 'x', confidence: 1, evidence: [] } } };
    expect(planMetadataChanges(withValue, {}, constructorSpec, 'set_missing', []).changes).toEqual([{ key: 'constructor', value: 'x' }]);
    expect(planMetadataChanges(result, {}, constructorSpec, 'overwrite', []).changes).toEqual([]);
  });
});
