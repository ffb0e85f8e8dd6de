import fc from 'fast-check';
import { TermDictionary } from '../../src/core/search/index/term-dictionary';
import { WordTable } from '../../src/core/search/index/word-table';
import { scanWords } from '../../src/core/search/text/scan-words';
import { toTerms } from '../../src/core/search/text/tokenize';

function termsThroughTable(text: string, table: WordTable, dictionary: TermDictionary): string[] {
  const terms: string[] = [];
  scanWords(text, (start, end, kind) => {
    const termId = table.termIdOf(text, start, end, kind);
    if (termId >= 0) terms.push(dictionary.termOf(termId));
  });
  return terms;
}

describe('the word table', () => {
  it('gives exactly the terms the tokeniser gives, for any text', () => {
    const dictionary = new TermDictionary();
    const table = new WordTable(dictionary);
    const pieces = fc.constantFrom('The', 'the', 'Running', 'runs', 'café', 'CAFÉ', '東京タワー', '한국어', 'x1', ' ', '\n', '.', '😀', 'Привет', 'a', 'ünïcödé');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')), (text) => {
        expect(termsThroughTable(text, table, dictionary)).toEqual(toTerms(text));
      }),
      { seed: 5, numRuns: 300 },
    );
  });

  it('remembers each distinct word once, stop words included', () => {
    const dictionary = new TermDictionary();
    const table = new WordTable(dictionary);
    termsThroughTable('the the the cat The cat', table, dictionary);
    expect(table.size).toBe(3);
    expect(dictionary.all()).toEqual(['cat']);
  });

  it('keeps working as it grows past its first size', () => {
    const dictionary = new TermDictionary();
    const table = new WordTable(dictionary);
    const words = Array.from({ length: 100_000 }, (_unused, index) => `w${index.toString(36)}`);
    const text = words.join(' ');
    const expected = toTerms(text);
    expect(termsThroughTable(text, table, dictionary)).toEqual(expected);
    expect(termsThroughTable(text, table, dictionary)).toEqual(expected);
    expect(table.size).toBe(100_000);
  });
});
