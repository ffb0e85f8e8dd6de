import { expectEvaluationError, expectValue, type ValueCase } from './helpers/expectations';
import { openExpressionVault, type ExpressionVault } from './helpers/expression-harness';

// Missing properties, null, truthiness and how values of different types meet in operators.
// Notes/Alpha.md has rating 7, status "done", flag true, nothing (empty) and no `missing`.

let vault: ExpressionVault;
beforeAll(async () => {
  vault = await openExpressionVault();
});
afterAll(async () => {
  await vault.dispose();
});

describe('null: missing properties and what they do in expressions', () => {
  it.each<ValueCase>([
    ['missing', null], // a property the note lacks is null
    ['nothing', null], // an empty YAML value is null
    ['note.missing', null],
    ['missing.lower()', null], // methods on null give null ...
    ['missing.isEmpty()', true], // ... except those of any value
    ['missing.isTruthy()', false],
    ['missing.toString()', ''],
    ['missing.length', null],
    ['missing.deeper.still', null],
    ['missing[0]', null],
    ['missing + 1', null],
    ['1 - missing', null],
    ['missing * 2', null],
    ['"a" + missing', 'a'], // joining text reads null as ""
    ['missing == null', true],
    ['missing != null', false],
    ['rating == null', false],
    ['missing == 0', false],
    ['missing == ""', false],
    ['missing > 0', false], // ordering against null is always false ...
    ['missing < 0', false],
    ['missing <= 0', false],
    ['0 >= missing', false],
    ['!missing', true], // ... and null is falsy
    ['missing && true', false],
    ['missing || "x"', true], // && and || give booleans
    ['list(missing)', [null]],
    ['if(missing, "yes", "no")', 'no'],
    ['[1, missing, 2].length', 3],
    ['file("Lonely.md").properties.missing', null],
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it('a row without frontmatter reads every property as null', () => {
    expectValue(vault, '[rating, status, note.anything]', [null, null, null], { row: 'Lonely.md' });
  });
});

describe('truthiness (filters keep rows whose statement is truthy)', () => {
  it.each<ValueCase>([
    ['if(0, 1, 2)', 2],
    ['if(0.5, 1, 2)', 1],
    ['if("", 1, 2)', 2],
    ['if("0", 1, 2)', 1], // a non-empty string, even "0"
    ['if([], 1, 2)', 2],
    ['if([0], 1, 2)', 1],
    ['if({}, 1, 2)', 1],
    ['if(created, 1, 2)', 1],
    ['if(author, 1, 2)', 1],
    ['if(duration("0s"), 1, 2)', 2],
    ['if(0 / 0, 1, 2)', 2], // NaN
  ])('%s', (source, expected) => expectValue(vault, source, expected));
});

describe('coercions between types', () => {
  it.each<ValueCase>([
    ['1 == "1"', false], // equality does not convert
    ['true == 1', false],
    ['"1" + 1', '11'], // + with text joins
    ['1 + "x"', '1x'],
    ['status + 1', 'done1'],
    ['rating + ""', '7'],
    ['created + ""', '2024-01-31'],
    ['tags + ""', 'project/alpha, Urgent'],
    ['rating > "3"', true], // ordering reads a string as a number against a number
    ['rating < "10"', true], // numerically, not as text
    ['status > 1', false], // "done" is no number: every ordering is false
    ['status < 1', false],
    ['"b" > "a"', true],
    ['"B" < "a"', true], // text orders by code units
    ['true > false', true],
    ['duration("1h") == 3600000', true], // a duration is its milliseconds
    ['duration("1h") > 3599999', true],
    ['number(flag) + 1', 2],
    ['created == date("2024-01-31")', true],
    ['created == "2024-01-31"', true],
    ['due == "2024-02-29 10:30:00"', true],
    ['[1, 2] == [1, 2]', true],
    ['[1, 2] == [2, 1]', false],
    ['{"a": [1]} == {"a": [1]}', true],
    ['tags == "Urgent"', false], // a list is not its element
    ['author == "Beta"', true], // a link and text: by link text
    ['"2 days " + created', '2 days 2024-01-31'], // text then a date: joined, not a shifted date
    ['created + "2 days"', '2024-02-02'], // a date then a duration string: shifted
    ['duration("2d") + created', '2024-02-02'], // a duration value shifts a date on either side
    ['"0x10" > 5', false], // ordering reads only decimal text as a number
    ['"1e1" > 5', true],
    ['"\\x41\\x42"', 'AB'], // JavaScript's \x escape
    ['.5 + .25', 0.75],
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it.each([
    ['flag + 1', 'cannot compute boolean + number'],
    ['"5" * 2', 'cannot compute string * number'],
    ['tags - 1', 'cannot compute list - number'],
    ['-status', 'cannot apply unary - to a string'],
    ['[1][true]', 'cannot index a list with a boolean'],
    ['status.missing', 'a string has no property "missing"'],
    ['(5).lower()', 'a number has no method lower()'],
  ])('%s fails the evaluation', (source, fragment) => expectEvaluationError(vault, source, fragment));
});
