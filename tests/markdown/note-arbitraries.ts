import fc from 'fast-check';

/**
 * fast-check generators for random but well-formed notes: frontmatter with comments, headings
 * with unique texts, paragraphs (some with ^ids), lists, and code fences holding `#` lines that
 * Obsidian does not treat as headings.
 */

const word = fc.constantFrom('alpha', 'beta', 'Gamma', 'delta', 'open', 'questions', 'x_y', 'café', '[[Link]]', '#tag', '`code`');

const words = fc.array(word, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));

type BlockLines = (index: number) => string[];

const heading: fc.Arbitrary<BlockLines> = fc
  .tuple(fc.integer({ min: 1, max: 6 }), words)
  .map(([level, text]) => (index: number) => [`${'#'.repeat(level)} ${text} h${index}`]);

const paragraph: fc.Arbitrary<BlockLines> = fc
  .tuple(fc.array(words, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([lines, withId]) => (index: number) => lines.map((line, at) => (withId && at === lines.length - 1 ? `${line} ^p${index}` : line)));

const listItem = fc.tuple(fc.constantFrom('- ', '- [ ] ', '- [x] ', '    - ', '* '), words).map(([marker, text]) => marker + text);

const list: fc.Arbitrary<BlockLines> = fc
  .array(listItem, { minLength: 1, maxLength: 4 })
  .map((items) => () => items.map((item, at) => (at === 0 ? item.trimStart() : item)));

const fence: fc.Arbitrary<BlockLines> = fc
  .array(fc.constantFrom('# not a heading', '## also not', 'let x = 1;', ''), { minLength: 1, maxLength: 3 })
  .map((lines) => () => ['```', ...lines, '```']);

const blank: fc.Arbitrary<BlockLines> = fc.constant(() => ['']);

/** A note body as lines, without line breaks. */
export const bodyLines = fc
  .array(fc.oneof({ arbitrary: heading, weight: 3 }, paragraph, list, fence, blank), { minLength: 1, maxLength: 14 })
  .map((blocks) => blocks.flatMap((block, index) => [...block(index), ...(index % 2 === 0 ? [''] : [])]));

/** A scalar frontmatter value as YAML source. */
const yamlScalar = fc.constantFrom('draft', '"quoted value"', "'single'", '42', 'true', '2024-01-05', '', '[a, b]');

/** One top-level frontmatter property as its source lines, with an optional inline comment. */
export interface FrontmatterEntry {
  readonly key: string;
  readonly lines: string[];
}

const entryShape = fc.oneof(
  fc.tuple(yamlScalar, fc.boolean()).map(([value, commented]) => (key: string) => [`${key}:${value === '' ? '' : ` ${value}`}${commented ? ' # why ' + key : ''}`]),
  fc.array(word, { minLength: 1, maxLength: 3 }).map((items) => (key: string) => [`${key}:`, ...items.map((item) => `  - "${item}"`)]),
);

const keyPool = ['title', 'status', 'tags', 'aliases', 'due', 'Owner', 'owner', 'priority', 'note.type', 'rating'];

/** Frontmatter as entries (unique keys) interleaved with full-line comments and blank lines. */
export const frontmatterParts = fc
  .tuple(fc.shuffledSubarray(keyPool, { minLength: 0, maxLength: 7 }), fc.array(entryShape, { minLength: 7, maxLength: 7 }), fc.array(fc.constantFrom('comment', 'blank', 'none'), { minLength: 8, maxLength: 8 }))
  .map(([keys, shapes, separators]) => {
    const entries: FrontmatterEntry[] = keys.map((key, index) => ({ key, lines: (shapes[index] ?? shapes[0]!)(key) }));
    const lines = entries.flatMap((entry, index) => [...separatorLines(separators[index], index), ...entry.lines]);
    return { entries, lines: [...lines, ...separatorLines(separators[7], 99)] };
  });

function separatorLines(kind: string | undefined, index: number): string[] {
  if (kind === 'comment') return [`# comment ${index}: keep me`];
  if (kind === 'blank') return [''];
  return [];
}

/** A JSON value an agent may send as a frontmatter value. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tie('scalar'), tie('array'), tie('object')),
  scalar: fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((number) => (Object.is(number, -0) ? 0 : number)),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('true', '1.10', '2024-01-05', 'null', '~', '# hash', '- dash', 'a: b', '[x]', '  padded  ', 'multi\nline', ''),
  ),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie('value'), { maxKeys: 3, noNullPrototype: true }),
})).value;

/** One top-level property of anchored frontmatter, with the anchors it sets and the ones it uses. */
export interface AnchoredEntry {
  readonly key: string;
  readonly defines: readonly string[];
  readonly uses: readonly string[];
}

type AnchoredShape = 'plain' | 'anchor-scalar' | 'anchor-map' | 'anchor-list' | 'anchor-nested' | 'alias' | 'alias-in-list' | 'alias-in-map';

/** The lines of one property of shape `shape`; `anchor` is its own anchor name, `target` one set earlier (if any). */
function anchoredLines(key: string, shape: AnchoredShape, anchor: string, target: string | undefined): { lines: string[]; defines: string[]; uses: string[] } {
  if (target === undefined && shape.startsWith('alias')) return anchoredLines(key, 'plain', anchor, target);
  switch (shape) {
    case 'anchor-scalar':
      return { lines: [`${key}: &${anchor} value-${anchor}`], defines: [anchor], uses: [] };
    case 'anchor-map':
      return { lines: [`${key}: &${anchor}`, '  x: 1', '  y: [a, b]'], defines: [anchor], uses: [] };
    case 'anchor-list':
      return { lines: [`${key}: &${anchor}`, '  - one', '  - two'], defines: [anchor], uses: [] };
    case 'anchor-nested':
      return { lines: [`${key}:`, `  inner: &${anchor} 5`, '  other: text'], defines: [anchor], uses: [] };
    case 'alias':
      return { lines: [`${key}: *${target}`], defines: [], uses: [target as string] };
    case 'alias-in-list':
      return { lines: [`${key}:`, `  - *${target}`, '  - plain'], defines: [], uses: [target as string] };
    case 'alias-in-map':
      return { lines: [`${key}:`, `  copy: *${target}`], defines: [], uses: [target as string] };
    default:
      return { lines: [`${key}: plain-${key}`], defines: [], uses: [] };
  }
}

/**
 * Frontmatter whose properties set YAML anchors (`&a0`, on the value or nested inside it) and use
 * them through aliases (`*a0`, directly, in a list or in a nested mapping), with comment lines
 * between some properties; each entry records which anchors it sets and uses.
 */
export const anchoredFrontmatter = fc
  .tuple(
    fc.shuffledSubarray(keyPool, { minLength: 1, maxLength: 7 }),
    fc.array(fc.constantFrom<AnchoredShape>('plain', 'anchor-scalar', 'anchor-map', 'anchor-list', 'anchor-nested', 'alias', 'alias-in-list', 'alias-in-map'), { minLength: 7, maxLength: 7 }),
    fc.array(fc.nat(), { minLength: 7, maxLength: 7 }),
    fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  )
  .map(([keys, shapes, picks, comments]) => {
    const entries: AnchoredEntry[] = [];
    const lines: string[] = [];
    keys.forEach((key, index) => {
      const defined = entries.flatMap((entry) => entry.defines);
      const target = defined.length === 0 ? undefined : defined[(picks[index] ?? 0) % defined.length];
      const built = anchoredLines(key, shapes[index] ?? 'plain', `a${index}`, target);
      if (comments[index]) lines.push(`# comment ${index}`);
      lines.push(...built.lines);
      entries.push({ key, defines: built.defines, uses: built.uses });
    });
    return { entries, lines };
  });
