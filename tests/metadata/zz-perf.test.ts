import fc from 'fast-check';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
const FRAGMENTS = [
  '#', '#tag', '[[', ']]', '|', '![[', '[', ']', '(', ')', '](', '- ', '* ', '1. ', '2) ', '[ ] ', '[x] ',
  '> ', '>', '> [!note]', '\n', '\r\n', '\n\n', '\t', '    ', ' ', '`', '```', '~~~', '%%', '$', '$$', '^id',
  '[^1]', '[^1]: ', '---', '===', '<!--', '-->', '<div>', '<br>', '\\', '*', '_', 'a', 'Zz', '😀', '\u200b',
  '| a | b |', '| - | - |', '.md', '%20', 'https://x.org/#y', '---\ntags: [a]\n---\n', 'key: "[[L]]"', '\r',
];
function time(name: string, text: string): void {
  const t = performance.now();
  parseMetadata(text);
  process.stdout.write(`${name.padEnd(30)} ${(text.length / 1e6).toFixed(2)}MB ${(performance.now() - t).toFixed(0)}ms\n`);
}
test('perf', () => {
  const note = ['# Heading', '', 'Some text with [[Link]] and #tag and `code` and [md](x.md).', '', '- [ ] task #t', '    - child [[x|y]]', '> [!note] c', '> text', '', '```js', 'code #no', '```', ''].join('\n');
  time('normal 5MB', note.repeat(Math.ceil(5e6 / note.length)));
  for (const [name, unit, count] of [
    ['[[ x', '[[', 2e5], ['[ x', '[', 2e5], ['` x', '`', 2e5], ['`a x', '`a', 2e5], ['$a x', '$a ', 1e5], ['< x', '<a ', 1e5], ['<!-- x', '<!--', 1e5],
    ['[a]( x', '[a](', 1e5], ['> x (deep)', '>', 3000], ['- x (deep)', '- ', 3000], ['#a x', '#a', 2e5], ['%% x', '%%\n', 1e5], ['$$ lines', '$$\n', 1e5],
    ['nested lists', '', 0],
  ] as Array<[string, string, number]>) {
    if (count > 0) time(name, unit.repeat(count));
  }
  const deepList = Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');
  time('deep list 2000', deepList);
  const manyBlank = Array.from({ length: 50000 }, (_, i) => `- a${i}\n\n`).join('');
  time('loose list 50k', manyBlank);
  const html = Array.from({ length: 50000 }, () => '<div>\nx\n').join('');
  time('html blocks', html);
  const table = '| a | b |\n| - | - |\n' + '| 1 | 2 |\n'.repeat(100000);
  time('table 100k rows', table);
  const lazyQuote = '> a\n' + 'b\n'.repeat(100000);
  time('lazy quote', lazyQuote);
  fc.assert(fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 200 }).map((p) => p.join('')), (text) => { parseMetadata(text); }), { numRuns: 20000 });
});
