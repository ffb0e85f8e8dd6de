import { z } from 'zod';
import { applyPatch } from '../../src/core/markdown/apply-patch';
import { patchOpSchema, type PatchOp } from '../../src/core/markdown/patch-op';
import { thrownIndxError } from './thrown-indx-error';

const spec = ['---', 'status: draft', '---', '# Spec', '', '## Open questions', '- q1', '', '## Decisions', 'None yet. ^dec', ''].join('\n');


describe('applyPatch', () => {
  it('applies ops in order, each on the previous result', () => {
    const result = applyPatch(spec, [
      { op: 'set_frontmatter', key: 'status', value: 'review' },
      { op: 'insert_after_heading', heading: '## Open questions', markdown: '- [ ] decide on cursor scheme\n' },
      { op: 'rename_heading', from: 'Decisions', to: 'Decision log' },
      { op: 'replace_block', block_id: '^dec', markdown: 'Cursor: opaque.' },
      { op: 'append_body', markdown: '## Links' },
      { op: 'insert_before_heading', heading: 'Links', markdown: 'Last decision above.\n' },
      { op: 'replace_section', heading: 'Links', markdown: '- [[Other]]' },
      { op: 'prepend_body', markdown: 'Summary line.' },
      { op: 'delete_frontmatter', key: 'status' },
    ]);
    expect(result).toBe(
      [
        '---',
        '---',
        'Summary line.',
        '# Spec',
        '',
        '## Open questions',
        '- [ ] decide on cursor scheme',
        '- q1',
        '',
        '## Decision log',
        'Cursor: opaque. ^dec',
        'Last decision above.',
        '## Links',
        '- [[Other]]',
        '',
      ].join('\n'),
    );
  });

  it('is all-or-nothing: a failing later op throws and tags the error with its index', () => {
    const ops: PatchOp[] = [
      { op: 'append_body', markdown: 'kept?' },
      { op: 'replace_section', heading: 'Missing', markdown: 'x' },
    ];
    const error = thrownIndxError(() => applyPatch(spec, ops));
    expect(error.code).toBe('heading_not_found');
    expect(error.details).toMatchObject({ op_index: 1, op: 'replace_section', heading: 'Missing' });
    expect(error.message).toContain('nothing was applied');
  });

  it('rejects an op that does not match the schema with invalid_input', () => {
    const bad = { op: 'insert_after_heading', heading: 'Spec' } as unknown as PatchOp;
    const error = thrownIndxError(() => applyPatch(spec, [bad]));
    expect(error.code).toBe('invalid_input');
    expect(error.details['op_index']).toBe(0);
    expect(error.details['issues']).toEqual([{ path: 'markdown', message: expect.any(String) as unknown }]);
  });

  it('returns the text unchanged for no ops', () => {
    expect(applyPatch(spec, [])).toBe(spec);
  });
});

describe('patchOpSchema', () => {
  const jsonSchema = z.toJSONSchema(patchOpSchema) as { oneOf?: Array<{ properties: Record<string, { const?: string; description?: string }>; required: string[] }>; anyOf?: unknown };
  const variants = jsonSchema.oneOf ?? (jsonSchema.anyOf as NonNullable<typeof jsonSchema.oneOf>);

  it('has the nine ops of the seed with their required fields', () => {
    const shapes = Object.fromEntries(variants.map((variant) => [String(variant.properties['op']?.const), [...variant.required].sort()] as const));
    expect(shapes).toEqual({
      set_frontmatter: ['key', 'op', 'value'],
      delete_frontmatter: ['key', 'op'],
      append_body: ['markdown', 'op'],
      prepend_body: ['markdown', 'op'],
      insert_before_heading: ['heading', 'markdown', 'op'],
      insert_after_heading: ['heading', 'markdown', 'op'],
      replace_section: ['heading', 'markdown', 'op'],
      replace_block: ['block_id', 'markdown', 'op'],
      rename_heading: ['from', 'op', 'to'],
    });
  });

  it('describes every field for the model', () => {
    const undescribed = variants.flatMap((variant) => Object.entries(variant.properties).filter(([, field]) => !field.description).map(([name]) => `${String(variant.properties['op']?.const)}.${name}`));
    expect(undescribed).toEqual([]);
  });

  it('parses a seed example op', () => {
    const op = patchOpSchema.parse({ op: 'insert_after_heading', heading: '## Open questions', markdown: '- [ ] decide on cursor scheme\n' });
    expect(op).toEqual({ op: 'insert_after_heading', heading: '## Open questions', markdown: '- [ ] decide on cursor scheme\n' });
  });
});
