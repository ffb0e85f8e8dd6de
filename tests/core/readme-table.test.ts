import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_CODES } from '../../src/core/errors';
import { ALL_OPERATIONS } from '../../src/core/ops/all-operations';

describe('README operation table', () => {
  it('lists exactly the registry operations with their scope, route and command', () => {
    const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z_]+)` \| ([\w:]+) \| `([^`]+)` \| `indx ([^`]+)` \|/gm)].map((match) => [match[1], match[2], match[3], match[4]]);
    const expected = ALL_OPERATIONS.map((operation) => [operation.name, operation.scope.replace('vault:', ''), `${operation.http.method} ${operation.http.path}`, operation.cli.join(' ')]);
    expect(rows).toEqual(expected);
  });

  it('names every error code in its Errors section', () => {
    const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Errors'), readme.indexOf('### Paths'));
    expect(ERROR_CODES.filter((code) => !section.includes(`\`${code}\``))).toEqual([]);
  });
});
