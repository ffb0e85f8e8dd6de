import { locateConfig, type LocationContext } from '../../packages/indx-mcp/src/mcp/install/client-targets';

// Where each client really reads its MCP servers (docs/decisions/0005-client-config-locations.md),
// per platform and with the environment variables the clients themselves honour.

function context(platform: NodeJS.Platform, environment: NodeJS.ProcessEnv = {}): LocationContext {
  return { platform, environment: { HOME: '/home/ann', ...environment }, cwd: '/work/project' };
}

test('Claude Desktop: the per-platform application-support folder', () => {
  expect(locateConfig('claude-desktop', 'user', context('darwin')).path).toBe('/home/ann/Library/Application Support/Claude/claude_desktop_config.json');
  expect(locateConfig('claude-desktop', 'user', context('linux')).path).toBe('/home/ann/.config/Claude/claude_desktop_config.json');
  expect(locateConfig('claude-desktop', 'user', context('linux', { XDG_CONFIG_HOME: '/xdg' })).path).toBe('/xdg/Claude/claude_desktop_config.json');
  expect(locateConfig('claude-desktop', 'user', context('win32', { APPDATA: '/appdata' })).path).toMatch(/^[/\\]appdata[/\\]Claude[/\\]claude_desktop_config\.json$/);
});

test('Claude Code, Cursor and Codex: user files under HOME (or the client\'s own override), project files in the folder', () => {
  expect(locateConfig('claude-code', 'user', context('linux')).path).toBe('/home/ann/.claude.json');
  expect(locateConfig('claude-code', 'user', context('linux', { CLAUDE_CONFIG_DIR: '/claude' })).path).toBe('/claude/.claude.json');
  expect(locateConfig('claude-code', 'project', context('linux')).path).toBe('/work/project/.mcp.json');
  expect(locateConfig('cursor', 'user', context('darwin')).path).toBe('/home/ann/.cursor/mcp.json');
  expect(locateConfig('cursor', 'project', context('darwin')).path).toBe('/work/project/.cursor/mcp.json');
  expect(locateConfig('codex', 'user', context('linux'))).toMatchObject({ path: '/home/ann/.codex/config.toml', format: 'toml' });
  expect(locateConfig('codex', 'user', context('linux', { CODEX_HOME: '/codex' })).path).toBe('/codex/config.toml');
  expect(locateConfig('codex', 'project', context('linux')).path).toBe('/work/project/.codex/config.toml');
});

test('a scope the client lacks is invalid_input', () => {
  let thrown: unknown;
  try {
    locateConfig('claude-desktop', 'project', context('linux'));
  } catch (error: unknown) {
    thrown = error;
  }
  expect(thrown).toMatchObject({ code: 'invalid_input', message: 'Claude Desktop has no project configuration; use --scope user.' });
});
