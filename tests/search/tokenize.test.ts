import { stemPorter } from '../../src/core/search/text/porter-stemmer';
import { toTerms, tokenize } from '../../src/core/search/text/tokenize';

describe('the tokeniser', () => {
  it('lower-cases, drops stop words and stems English words', () => {
    expect(toTerms('The Connections were CONNECTED by connecting them')).toEqual(['connect', 'were', 'connect', 'connect', 'them']);
  });

  it('folds Latin accents so "café" finds "Cafe"', () => {
    expect(toTerms('Café RÉSUMÉ naïve')).toEqual(toTerms('cafe resume naive'));
  });

  it('splits on punctuation, markdown and apostrophes and keeps digits in words', () => {
    expect(toTerms("[[Kubernetes|k8s]] don't covid19 3.14 #tag/nested")).toEqual(['kubernet', 'k8s', 'don', 'covid19', '3', '14', 'tag', 'nest']);
  });

  it('cuts Chinese and Japanese runs into bigrams, and indexes each character alone too', () => {
    expect(toTerms('日本語', 'query')).toEqual(['日本', '本語']);
    expect(toTerms('日本語')).toEqual(['日', '日本', '本', '本語', '語']);
    expect(toTerms('猫', 'query')).toEqual(['猫']);
    expect(toTerms('テキスト検索', 'query')).toEqual(['テキ', 'キス', 'スト', 'ト検', '検索']);
  });

  it('treats Hangul like other ideographic runs and separates scripts', () => {
    expect(toTerms('한국어 iPhone手机', 'query')).toEqual(['한국', '국어', 'iphon', '手机']);
  });

  it('keeps words of other scripts whole (Cyrillic, Greek, Arabic, Devanagari marks)', () => {
    expect(toTerms('Привет мир Καλημέρα مرحبا नमस्ते')).toEqual(['привет', 'мир', 'καλημερα', 'مرحبا', 'नमस्ते']);
  });

  it('handles characters outside the BMP: CJK extension B as ideographs, emoji as separators', () => {
    expect(toTerms('𠀋𠀌', 'query')).toEqual(['𠀋𠀌']);
    expect(toTerms('go😀team')).toEqual(['go', 'team']);
  });

  it('reports the span of text each term came from', () => {
    const spans: string[] = [];
    const text = 'Running fast; 東京タワー';
    tokenize(text, (term, start, end) => spans.push(`${term}=${text.slice(start, end)}`), 'query');
    expect(spans).toEqual(['run=Running', 'fast=fast', '東京=東京', '京タ=京タ', 'タワ=タワ', 'ワー=ワー']);
  });

  it('skips over-long words (hashes, base64)', () => {
    expect(toTerms(`short ${'a'.repeat(65)} ${'b'.repeat(64)}`)).toEqual(['short', 'b'.repeat(64)]);
  });
});

describe('the Porter stemmer', () => {
  // Pairs from Porter's 1980 paper and its reference vocabulary.
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'ti'],
    ['cats', 'cat'],
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['sing', 'sing'],
    ['hopping', 'hop'],
    ['falling', 'fall'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['rational', 'ration'],
    ['generalizations', 'gener'],
    ['oscillators', 'oscil'],
    ['triplicate', 'triplic'],
    ['hopeful', 'hope'],
    ['goodness', 'good'],
    ['adjustable', 'adjust'],
    ['replacement', 'replac'],
    ['adoption', 'adopt'],
    ['effective', 'effect'],
    ['probate', 'probat'],
    ['controlling', 'control'],
    ['roll', 'roll'],
    ['is', 'is'],
  ])('%s → %s', (word, stem) => {
    expect(stemPorter(word)).toBe(stem);
  });
});
