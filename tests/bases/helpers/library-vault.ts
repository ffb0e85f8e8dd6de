import type { TempFiles } from '../../helpers/temp-vault';

function book(fields: string): string {
  return `---\ncategories: ["[[Books]]"]\n${fields}\n---\nA book.\n`;
}

/**
 * Five books with ratings 5, 3, 4, none and 1, genres scifi/fantasy/none and page counts, and
 * Library.base with four views: sorted with summaries, grouped, limited, and one whose filter
 * fails on most rows.
 */
export const LIBRARY_VAULT: TempFiles = {
  'Books/A.md': book('rating: 5\ngenre: scifi\npages: 100\nread: true'),
  'Books/B.md': book('rating: 3\ngenre: fantasy\npages: 300\nread: false'),
  'Books/C.md': book('rating: 4\ngenre: scifi\npages: 200'),
  'Books/D.md': book('genre: fantasy'),
  'Books/E.md': book('rating: 1'),
  'Books.md': 'The category note.\n\n![[Library.base#Grouped]]\n',
  'Library.base': [
    'filters: file.inFolder("Books")',
    'formulas:',
    '  score: rating * 10',
    `  label: 'if(rating, "rated " + formula.score, "unrated")'`,
    'properties:',
    '  note.rating:',
    '    displayName: Stars',
    'summaries:',
    `  twice: 'values.filter(value.isType("number")).reduce(acc + value, 0) * 2'`,
    'views:',
    '  - type: table',
    '    name: By rating',
    '    order: [file.name, rating, formula.label]',
    '    sort:',
    '      - property: rating',
    '        direction: DESC',
    '    summaries:',
    '      note.rating: Average',
    '      formula.score: Sum',
    '      note.pages: twice',
    '      note.read: Checked',
    '  - type: table',
    '    name: Grouped',
    '    groupBy:',
    '      property: genre',
    '      direction: ASC',
    '    sort:',
    '      - property: file.name',
    '        direction: DESC',
    '    order: [file.name, genre]',
    '  - type: list',
    '    name: Top two',
    '    limit: 2',
    '    sort:',
    '      - property: rating',
    '        direction: DESC',
    '  - type: table',
    '    name: Broken',
    '    filters: genre.round() > 1',
    '',
  ].join('\n'),
  'Unsupported.base': 'filters: file.name.upper() == "A"\n',
  'Invalid.base': 'views:\n  - type: table\n    filters: "rating >"\n',
};
