import { parseBase } from '../../src/core/bases/base/parse-base';
import { columnName } from '../../src/core/bases/base/column-name';
import type { BaseDefinition } from '../../src/core/bases/base/base-definition';
import type { IndxError } from '../../src/core/errors';

function parsedBase(text: string): BaseDefinition {
  const result = parseBase(text);
  if (!result.ok) throw result.error;
  return result.value;
}

function failure(text: string): Pick<IndxError, 'code' | 'message' | 'details'> {
  const result = parseBase(text);
  if (result.ok) throw new Error('expected the base to be refused');
  return { code: result.error.code, message: result.error.message, details: result.error.details };
}

describe('parseBase: the structure of the Bases syntax page', () => {
  it('reads the example of the syntax page', () => {
    const base = parsedBase(
      [
        'filters:',
        '  or:',
        '    - file.hasTag("tag")',
        '    - and:',
        '        - file.hasTag("book")',
        '        - file.hasLink("Textbook")',
        '    - not:',
        '        - file.hasTag("book")',
        '        - file.inFolder("Required Reading")',
        'formulas:',
        `  formatted_price: 'if(price, price.toFixed(2) + " dollars")'`,
        '  ppu: "(price / age).toFixed(2)"',
        'properties:',
        '  status:',
        '    displayName: Status',
        '  formula.formatted_price:',
        '    displayName: "Price"',
        '  file.ext:',
        '    displayName: Extension',
        'views:',
        '  - type: table',
        '    name: "My table"',
        '    limit: 10',
        '    groupBy:',
        '      property: note.age',
        '      direction: DESC',
        '    filters:',
        '      and:',
        `        - 'status != "done"'`,
        '        - or:',
        '            - "formula.ppu > 5"',
        '            - "price > 2.1"',
        '    order:',
        '      - file.name',
        '      - file.ext',
        '      - note.age',
        '      - formula.ppu',
        '      - formula.formatted_price',
      ].join('\n'),
    );
    expect(base.filter).toMatchObject({ type: 'or', children: [{ type: 'statement', source: 'file.hasTag("tag")' }, { type: 'and' }, { type: 'not', children: [{}, {}] }] });
    expect([...base.formulas.keys()]).toEqual(['formatted_price', 'ppu']);
    expect(base.views[0]).toMatchObject({ name: 'My table', type: 'table', limit: 10, groupBy: { property: 'note.age', direction: 'DESC' }, order: ['file.name', 'file.ext', 'note.age', 'formula.ppu', 'formula.formatted_price'] });
    expect(base.views[0]?.filter).toMatchObject({ type: 'and', children: [{ type: 'statement' }, { type: 'or', children: [{ source: 'formula.ppu > 5' }, { source: 'price > 2.1' }] }] });
    const names = (base.views[0]?.order ?? []).map((id) => columnName(base, id));
    expect(names).toEqual(['file name', 'Extension', 'age', 'ppu', 'Price']);
    expect(columnName(base, 'note.status')).toBe('Status'); // the page's bare `status:` key
  });

  it('takes a single statement as filters, and bare ids in order/sort as note properties', () => {
    const base = parsedBase('filters: rating > 3\nviews:\n  - type: cards\n    name: Cards\n    order: [year]\n    sort:\n      - property: year\n        direction: desc\n');
    expect(base.filter).toMatchObject({ type: 'statement', source: 'rating > 3' });
    expect(base.views[0]).toMatchObject({ type: 'cards', order: ['note.year'], sort: [{ property: 'note.year', direction: 'DESC' }] });
  });

  it('gives a base without views one table view, and an empty file is such a base', () => {
    expect(parsedBase('').views).toMatchObject([{ name: 'Table', type: 'table', order: null, filter: null }]);
    expect(parsedBase('filters:\n  and: []\n').filter).toEqual({ type: 'and', children: [] });
  });

  it('reads what early Bases files wrote: display names under display:, sort by column:, not() and empty()', () => {
    const base = parsedBase('display:\n  note.rating: Rating\nviews:\n  - type: table\n    name: T\n    filters:\n      and:\n        - not(empty(note.last))\n    sort:\n      - column: note.rating\n        direction: DESC\n');
    expect(columnName(base, 'note.rating')).toBe('Rating');
    expect(base.views[0]?.sort).toEqual([{ property: 'note.rating', direction: 'DESC' }]);
  });

  it('keeps layout-only view keys out of the way and names default views', () => {
    const base = parsedBase('views:\n  - type: map\n    coordinates: note.coordinates\n    defaultZoom: 2\n    columnSize: {file.name: 100}\n  - type: table\n    name: Second\n    limit: 0\n');
    expect(base.views.map((view) => [view.name, view.type, view.limit])).toEqual([['View 1', 'map', null], ['Second', 'table', null]]);
  });
});

describe('parseBase: base_invalid says where', () => {
  it('reports YAML errors with line and column', () => {
    const error = failure('filters:\n  and:\n    - a\n   - b\n');
    expect(error.code).toBe('base_invalid');
    expect(error.details).toMatchObject({ line: 4 });
    expect(error.message).toContain('the YAML does not parse');
  });

  it('reports duplicate keys, a top level that is no mapping, and a wrong shape', () => {
    expect(failure('views: []\nviews: []\n').code).toBe('base_invalid');
    expect(failure('- a\n- b\n').message).toContain('a base is a mapping');
    expect(failure('views: {name: x}\n').message).toContain('expected a list of views');
    expect(failure('filters: [a, b]\n').message).toContain('found a list');
    expect(failure('filters:\n  and: [a]\n  or: [b]\n').message).toContain('exactly one of and, or, not');
  });

  it('reports expression syntax errors with the expression and the offset', () => {
    const error = failure('views:\n  - type: table\n    name: V\n    filters:\n      and:\n        - rating > 1\n        - "rating >"\n');
    expect(error).toMatchObject({ code: 'base_invalid', details: { where: 'views[0].filters.and[1]', expression: 'rating >', position: 8 } });
    expect(error.message).toContain('column 9');
  });

  it('rejects formulas in a cycle, naming it', () => {
    const error = failure('formulas:\n  a: formula.b + 1\n  b: formula.c * 2\n  c: formula.a\n');
    expect(error).toMatchObject({ code: 'base_invalid', details: { cycle: ['a', 'b', 'c', 'a'] } });
    expect(failure('formulas:\n  self: formula.self\n').details).toMatchObject({ cycle: ['self', 'self'] });
  });

  it('rejects references to formulas the base does not define', () => {
    expect(failure('views:\n  - type: table\n    order: [formula.nope]\n').details).toMatchObject({ where: 'views[0].order[0]', property: 'formula.nope' });
    expect(failure('filters: formula.nope > 1\n').code).toBe('base_invalid');
  });

  it('rejects bad sort entries and limits', () => {
    expect(failure('views:\n  - type: table\n    sort:\n      - property: year\n        direction: UP\n').message).toContain('direction is ASC or DESC');
    expect(failure('views:\n  - type: table\n    sort:\n      - direction: ASC\n').message).toContain('expected a property id');
    expect(failure('views:\n  - type: table\n    limit: -2\n').message).toContain('limit is a whole number');
  });
});

describe('parseBase: base_unsupported names the construct', () => {
  it.each([
    ['sources: [a]\n', 'the top-level key "sources"'],
    ['filters:\n  xor: [a]\n', 'filter key "xor"'],
    ['formulas:\n  shout: name.upper()\n', 'upper()'],
    ['filters: matchesAll(x)\n', 'matchesAll()'],
    ['views:\n  - type: table\n    order: [file.tasks]\n', 'file.tasks'],
    ['filters: file.tasks.length > 0\n', 'file.tasks'],
    ['views:\n  - type: table\n    summaries:\n      note.price: Mode\n', 'the summary "Mode"'],
  ])('%j', (text, construct) => {
    const error = failure(text);
    expect(error.code).toBe('base_unsupported');
    expect(error.details).toMatchObject({ construct });
    expect(error.message).toContain(construct);
  });
});
