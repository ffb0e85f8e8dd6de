// Opt-in interoperability check (issue 13): serves a copy of the demo vault with the built CLI,
// then points real third-party clients from npm at it, as a user would:
// - the MCP Inspector CLI (`--strict`): tools/list must show no schema-portability finding, and
//   a failing tools/call must come back as an isError result carrying its code;
// - Claude Code's `claude mcp add` + `claude mcp list` in a throwaway HOME: the server must be
//   "Connected".
// Fetches the clients with npx (the npm registry must be reachable), so it is not part of
// `npm test`. Run after `npm run build`: `npm run interop`. Exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
const CLAUDE_CODE = '@anthropic-ai/claude-code@2.1.197';
const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'packages/indx-mcp/dist/cli.js');
const work = mkdtempSync(join(tmpdir(), 'indx-interop-'));
const vault = join(work, 'vault');
cpSync(join(root, 'demo-vault'), vault, { recursive: true, filter: (source) => !/[/\\]\.indx\b/.test(source) });

const indx = (args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const created = indx(['token', 'create', '--vault', vault, '--name', 'interop', '--scopes', 'vault:read,vault:write,vault:admin', '--token-file', join(work, 'admin.token')]);
if (created.status !== 0) throw new Error(`token create failed: ${created.stderr}`);
const token = readFileSync(join(work, 'admin.token'), 'utf8').trim();

const server = spawn(process.execPath, [cli, 'serve', '--vault', vault, '--port', String(28000 + Math.floor(Math.random() * 1000))], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((done, fail) => {
  createInterface({ input: server.stdout }).on('line', (line) => {
    const found = /^\s*MCP:\s+(\S+)/.exec(line);
    if (found) done(found[1]);
  });
  server.once('exit', (code) => fail(new Error(`indx serve exited with ${code}`)));
});
console.log(`indx serving ${vault} at ${url}`);

const failures = [];
const npx = (packages, args, env = {}) => spawnSync('npx', ['-y', ...packages.flatMap((name) => ['-p', name]), '--', ...args], { encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error', ...env }, maxBuffer: 64 * 1024 * 1024 });
const inspectorHome = join(work, 'inspector-home');

console.log(`\n=== ${INSPECTOR}: tools/list --strict ===`);
const listed = npx(['node@22', INSPECTOR], ['mcp-inspector', '--cli', url, '--method', 'tools/list', '--header', `Authorization: Bearer ${token}`, '--strict'], { HOME: inspectorHome });
const tools = listed.status === 0 ? JSON.parse(listed.stdout).tools : [];
// --strict prints each finding as "Warning: tool …" / "Error: tool …" and a closing count on stderr.
const findings = listed.stderr.split('\n').filter((line) => /^(Warning|Error): tool |across \d+ tools?\.$/.test(line));
console.log(`exit ${listed.status}; ${tools.length} tools, ${JSON.stringify(tools).length} bytes; findings: ${findings.length === 0 ? 'none' : `\n${listed.stderr}`}`);
if (listed.status !== 0 || findings.length > 0 || tools.length === 0) failures.push('Inspector tools/list --strict');

console.log(`\n=== ${INSPECTOR}: tools/call note_read of a missing note ===`);
const called = npx(['node@22', INSPECTOR], ['mcp-inspector', '--cli', url, '--method', 'tools/call', '--tool-name', 'note_read', '--tool-arg', 'path=Nowhere/none.md', '--header', `Authorization: Bearer ${token}`], { HOME: inspectorHome });
console.log(called.stdout.trim());
if (!/"isError": true/.test(called.stdout) || !/Error not_found/.test(called.stdout)) failures.push('Inspector tools/call error result');

console.log(`\n=== ${CLAUDE_CODE}: claude mcp add / list (throwaway HOME) ===`);
const claudeHome = join(work, 'claude-home');
const added = npx([CLAUDE_CODE], ['claude', 'mcp', 'add', '--transport', 'http', '--scope', 'user', 'indx', url, '--header', `Authorization: Bearer ${token}`], { HOME: claudeHome });
const list = npx([CLAUDE_CODE], ['claude', 'mcp', 'list'], { HOME: claudeHome });
console.log(list.stdout.trim());
if (added.status !== 0 || !/indx: .*Connected/.test(list.stdout)) failures.push(`claude mcp list (add exited ${added.status}: ${added.stderr.trim()})`);

server.kill('SIGINT');
await new Promise((done) => server.once('exit', done));
rmSync(work, { recursive: true, force: true });
console.log(failures.length === 0 ? '\nInterop: every check passed.' : `\nInterop failures: ${failures.join('; ')}`);
process.exitCode = failures.length === 0 ? 0 : 1;
