import { TermDictionary } from '../../src/core/search/index/term-dictionary';
import { analyzeQuery } from '../../src/core/search/query/analyze-query';
import { EXPANSION_WEIGHT, MAX_EXPANDED_WORDS, resolveTerms } from '../../src/core/search/query/resolve-terms';
import { expectIndxError } from '../helpers/expect-error';
import { createSearchVault } from './search-vault';

describe('limits on expensive queries', () => {
  // Each expanded word scans the whole vocabulary: a pasted page with prefix on must not turn into
  // hundreds of full scans.
  it('expands only the first distinct words of a long query', () => {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
    const dictionary = new TermDictionary(words.map((word) => `${word}zz`));
    const expanded = resolveTerms(dictionary, analyzeQuery(words.join(' ')), { prefix: true });
    expect(expanded.every((term) => term.weight === EXPANSION_WEIGHT)).toBe(true);
    expect(expanded.map((term) => dictionary.termOf(term.id))).toEqual(words.slice(0, MAX_EXPANDED_WORDS).map((word) => `${word}zz`));
  });

  it('refuses a query longer than 2,000 characters with invalid_input', async () => {
    const vault = await createSearchVault({ 'a.md': 'alpha\n' });
    await expectIndxError(vault.engine.call('vault_search', { q: 'word '.repeat(500) }), 'invalid_input');
    await vault.dispose();
  });
});
