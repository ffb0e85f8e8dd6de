import { expectEvaluationError, expectValue, type ValueCase } from './helpers/expectations';
import { openExpressionVault, type ExpressionVault } from './helpers/expression-harness';

// Each table pins the examples of one section of Obsidian's help, en/Bases/Functions.md, plus
// the edge cases named in the row. Values are the JSON forms base_query returns.

let vault: ExpressionVault;
beforeAll(async () => {
  vault = await openExpressionVault();
});
afterAll(async () => {
  await vault.dispose();
});

describe('global functions', () => {
  it.each<ValueCase>([
    ['if(rating > 5, "high", "low")', 'high'],
    ['if(rating > 9, "high")', null], // falseResult omitted: null
    ['if(true, 1, date("not a date"))', 1], // only the returned branch is evaluated
    ['if([], 1, 2)', 2], // an empty list is falsy
    ['now()', '2025-03-15T12:34:56.789Z'],
    ['today()', '2025-03-15'], // the time portion is zero
    ['date("2024-02-29")', '2024-02-29'],
    ['date("2025-01-01 12:00:00")', '2025-01-01T12:00:00.000Z'],
    ['date(created)', '2024-01-31'],
    ['duration("1d") * 2', 172_800_000],
    ['duration("90m")', 5_400_000],
    ['number("3.4")', 3.4],
    ['number(" -1.5e3 ")', -1500], // a decimal, spaces around ignored
    ['number(".5")', 0.5],
    ['number(true)', 1],
    ['number(date("1970-01-02"))', 86_400_000],
    ['number(duration("1s"))', 1000],
    ['list("value")', ['value']],
    ['list(scores)', [3, 1, 2]], // a list is returned unmodified
    ['link("Beta")', '[[Beta]]'],
    ['link("Beta", "B")', '[[Beta|B]]'],
    ['link("https://obsidian.md")', 'https://obsidian.md'],
    ['link("https://obsidian.md", "site")', '[site](https://obsidian.md)'],
    ['link(file)', '[[Notes/Alpha]]'],
    ['link(file.ctime.date().toString()).isType("link")', true], // "You can create a link from any string"
    ['file("Notes/Beta.md")', 'Notes/Beta.md'],
    ['file("Beta")', 'Notes/Beta.md'],
    ['file(link("[[Beta]]"))', 'Notes/Beta.md'],
    ['file("No such note")', null],
    ['max(1, 5, 3)', 5],
    ['min(4, nothing, 2)', 2], // null arguments are skipped
    ['max()', null],
    ['max(date("2024-01-01"), date("2025-01-01"))', '2025-01-01'],
    ['random()', 0.25], // from the injected source
    [`escapeHTML("<a href='x'>&</a>")`, '&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;'],
    ['html("<b>x</b>")', '<b>x</b>'],
    ['icon("arrow-right")', 'arrow-right'],
    ['image("https://obsidian.md/logo.svg")', 'https://obsidian.md/logo.svg'],
    ['not(empty(nothing))', false], // the first Bases releases' not() and empty()
    ['not(empty(status))', true],
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it.each([
    ['date("2024-02-30")', 'cannot read "2024-02-30"'],
    ['date("31/01/2024")', 'write YYYY-MM-DD'],
    ['duration("soon")', 'duration() cannot read'],
    ['number("abc")', 'cannot read "abc" as a number'],
    ['number("0x10")', 'cannot read "0x10" as a number'], // JavaScript reads hexadecimal: not a decimal
    ['number("Infinity")', 'cannot read "Infinity" as a number'],
    ['number("0b11")', 'cannot read "0b11" as a number'],
    ['number("")', 'cannot read "" as a number'],
    ['number([1])', 'cannot convert a list'],
    ['max(1, "a")', 'not a mix of number and string'],
    ['if()', 'needs at least 1 arguments'],
  ])('%s fails the evaluation', (source, fragment) => expectEvaluationError(vault, source, fragment));
});

describe('any value', () => {
  it.each<ValueCase>([
    ['1.isTruthy()', true],
    ['0.isTruthy()', false],
    ['"".isTruthy()', false],
    ['[].isTruthy()', false],
    ['{}.isTruthy()', true],
    ['"example".isType("string")', true],
    ['true.isType("boolean")', true],
    ['nothing.isType("null")', true],
    ['tags.isType("list")', true],
    ['author.isType("link")', true],
    ['created.isType("date")', true],
    ['(now() - created).isType("duration")', true],
    ['file.isType("file")', true],
    ['nested.isType("object")', true],
    ['123.toString()', '123'],
    ['created.toString()', '2024-01-31'],
    ['due.toString()', '2024-02-29 10:30:00'],
    ['tags.toString()', 'project/alpha, Urgent'],
    ['author.toString()', 'Beta'],
    ['duration("26h").toString()', 'P1DT2H'],
    ['nothing.toString()', ''],
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it('rejects a type name isType() does not know', () => expectEvaluationError(vault, 'status.isType("array")', 'isType() knows the types'));
});

describe('string', () => {
  it.each<ValueCase>([
    ['"hello".length', 5],
    ['"hello".contains("ell")', true],
    ['"hello".containsAll("h", "e")', true],
    ['"hello".containsAll("h", "x")', false],
    ['"hello".containsAny("x", "y", "e")', true],
    ['"hello".containsAny(["x", "e"])', true], // a list argument is spread
    ['"hello".endsWith("lo")', true],
    ['"hello".startsWith("he")', true],
    ['"Hello world".isEmpty()', false],
    ['"".isEmpty()', true],
    ['"Hello".lower()', 'hello'],
    ['"a,b,c,d".replace(",", "-")', 'a-b-c-d'], // a string pattern replaces every occurrence
    ['"a.b".replace(".", "$&$&")', 'a$&$&b'], // ... literally
    ['"a,b,c,d".replace(/,/, "-")', 'a-b,c,d'], // a regexp without g replaces the first
    ['"a,b,c,d".replace(/,/g, "-")', 'a-b-c-d'],
    ['"John Smith".replace(/(\\w+) (\\w+)/, "$2, $1")', 'Smith, John'],
    ['"123".repeat(2)', '123123'],
    ['"hello".reverse()', 'olleh'],
    ['"hello".slice(1, 4)', 'ell'],
    ['"hello".slice(-3)', 'llo'],
    ['"a,b,c,d".split(",", 3)', ['a', 'b', 'c']],
    ['"a,b,c,d".split(/,/, 3)', ['a', 'b', 'c']],
    ['"a1b22c".split(/\\d+/)', ['a', 'b', 'c']],
    ['"hello world".title()', 'Hello World'],
    ['"  hi  ".trim()', 'hi'],
    ['status.length', 4],
    ['"abc".contains(null)', false], // a null needle is absent, not "" (which every string contains)
    ['"abc".contains(missing)', false],
    ['"abc".startsWith(null)', false],
    ['"abc".endsWith(null)', false],
    ['"abc".containsAll("a", null)', false],
    ['"abc".containsAny(null, "b")', true],
    ['"abc".contains("")', true], // the empty string itself still is
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it.each([
    ['"x".repeat(-1)', 'whole count'],
    ['"x".round()', 'a string has no method round()'],
    ['"x".contains()', 'needs at least 1 argument'],
  ])('%s fails the evaluation', (source, fragment) => expectEvaluationError(vault, source, fragment));
});

describe('number', () => {
  it.each<ValueCase>([
    ['(-5).abs()', 5],
    ['(2.1).ceil()', 3],
    ['(2.9).floor()', 2],
    ['5.isEmpty()', false],
    ['(2.5).round()', 3],
    ['(2.3333).round(2)', 2.33],
    ['(-2.5).round()', -2], // halves round up, as Math.round
    ['(3.14159).toFixed(2)', '3.14'],
    ['price.toFixed(2)', '12.50'],
    ['7 % 3', 1],
    ['1 / 4', 0.25],
    ['1 / 0', null], // Infinity has no JSON form
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it.each([
    ['(1.5).toFixed(-1)', 'whole number of digits'],
    ['rating.contains(1)', 'a number has no method contains()'],
    ['rating.round("2")', 'expects a number as argument 1'],
  ])('%s fails the evaluation', (source, fragment) => expectEvaluationError(vault, source, fragment));
});

describe('list', () => {
  it.each<ValueCase>([
    ['[1, 2, 3].length', 3],
    ['[1, 2, 3].contains(2)', true],
    ['[1, 2, 3].containsAll(2, 3)', true],
    ['[1, 2, 3].containsAny(3, 4)', true],
    ['[1, 2, 3].containsAny(4, 5)', false],
    ['[1, 2, 3, 4].filter(value > 2)', [3, 4]],
    ['[5, 6, 7].filter(index != 1)', [5, 7]],
    ['[1, [2, 3]].flat()', [1, 2, 3]],
    ['[1, [2, [3]]].flat()', [1, 2, [3]]], // one level, as JavaScript's flat()
    ['[].isEmpty()', true],
    ['[1, 2, 3].isEmpty()', false],
    ['[1, 2, 3].join(",")', '1,2,3'],
    ['[1, 2, 3, 4].map(value + 1)', [2, 3, 4, 5]],
    ['["a", "b"].map(index)', [0, 1]],
    ['[1, 2].map([10, 20].map(value))', [[10, 20], [10, 20]]], // the inner value shadows the outer
    ['[1, 2, 3].reduce(acc + value, 0)', 6],
    ['[1, "a", 9, 4].filter(value.isType("number")).reduce(if(acc == null || value > acc, value, acc), null)', 9],
    ['[1, 2, 3].reverse()', [3, 2, 1]],
    ['[scores.reverse(), scores]', [[2, 1, 3], [3, 1, 2]]], // reverse() does not change the property
    ['[1, 2, 3, 4].slice(1, 3)', [2, 3]],
    ['[1, 2, 3, 4].slice(2)', [3, 4]],
    ['[3, 1, 2].sort()', [1, 2, 3]],
    ['["c", "a", "b"].sort()', ['a', 'b', 'c']],
    ['["b", null, "A", 10, 2].sort()', [2, 10, 'A', 'b', null]], // numbers before text, empty last
    ['[1, 2, 2, 3].unique()', [1, 2, 3]],
    ['tags[0]', 'project/alpha'],
    ['tags[5]', null],
    ['[[1], [2]].map(value[0])', [1, 2]],
    ['related.contains(link("Beta"))', true], // same file
    ['related.contains("Beta")', true], // a string matches a link by its text
    ['related.contains(link("Missing note"))', true], // unresolved: same link text
    ['related.contains(file("Notes/Beta.md"))', true],
    ['related.contains(link("Lonely"))', false],
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it.each([
    ['[1, 2].filter()', 'needs an expression'],
    ['[1, 2].reduce(acc + value)', 'needs an expression and a starting value'],
    ['[1, 2].lower()', 'a list has no method lower()'],
    ['[1, 2].containsAny()', 'needs at least one value'],
  ])('%s fails the evaluation', (source, fragment) => expectEvaluationError(vault, source, fragment));
});

describe('object and regular expression', () => {
  it.each<ValueCase>([
    ['nested.keys()', ['a', 'b']],
    ['nested.values()', [1, ['x', 'y']]],
    ['nested.isEmpty()', false],
    ['{}.isEmpty()', true],
    ['nested.a', 1],
    ['nested["b"][1]', 'y'],
    ['nested.missing', null],
    ['{"a": 1, "b": 2}.values()', [1, 2]],
    ['/abc/.matches("abcde")', true],
    ['/^\\d{4}$/.matches("2024")', true],
    ['/^x/i.matches("Xy")', true],
  ])('%s', (source, expected) => expectValue(vault, source, expected));
});
