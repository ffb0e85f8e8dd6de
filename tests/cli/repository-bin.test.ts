import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { ENGINE_VERSION } from '../../src/core/version';

const ROOT = resolve(__dirname, '../..');
const run = promisify(execFile);

// The README and `npm start` say `indx …`: after `npm install` (or `npm ci`) in the repository,
// that command must exist. npm links a workspace's bin before the prepare step builds dist/, so
// the bin is a committed launcher (packages/indx-mcp/bin/indx.js) that loads the built CLI.
describe('the indx command of a repository checkout', () => {
  it('is linked into node_modules/.bin by npm install and runs', async () => {
    expect(realpathSync(resolve(ROOT, 'node_modules/.bin/indx'))).toBe(resolve(ROOT, 'packages/indx-mcp/bin/indx.js'));
    const { stdout } = await run(resolve(ROOT, 'node_modules/.bin/indx'), ['--version'], { cwd: ROOT });
    expect(stdout.trim()).toBe(ENGINE_VERSION);
  });

  it('runs through npm exec, as "npx indx" does', async () => {
    const { stdout } = await run('npm', ['exec', '--no', '--', 'indx', '--version'], { cwd: ROOT });
    expect(stdout.trim()).toBe(ENGINE_VERSION);
  });
});
