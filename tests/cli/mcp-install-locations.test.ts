import { CLIENT_TARGETS, httpClientOf, locateConfig, TARGET_SCOPES, type LocationContext } from '../../packages/indx-mcp/src/mcp/install/client-targets';

// Where each client really reads its MCP servers, and in which shape
// (docs/decisions/0005-client-config-locations.md), per platform and with the environment
// variables the clients themselves honour.

function context(platform: NodeJS.Platform, environment: NodeJS.ProcessEnv = {}): LocationContext {
  return { platform, environment: { HOME: '/home/ann', ...environment }, cwd: '/work/project' };
}

test('Claude Desktop: the per-platform application-support folder, user scope only, a stdio entry under mcpServers', () => {
  expect(locateConfig('claude-desktop', 'user', context('darwin')).path).toBe('/home/ann/Library/Application Support/Claude/claude_desktop_config.json');
  expect(locateConfig('claude-desktop', 'user', context('linux')).path).toBe('/home/ann/.config/Claude/claude_desktop_config.json');
  expect(locateConfig('claude-desktop', 'user', context('linux', { XDG_CONFIG_HOME: '/xdg' })).path).toBe('/xdg/Claude/claude_desktop_config.json');
  expect(locateConfig('claude-desktop', 'user', context('win32', { APPDATA: '/appdata' })).path).toMatch(/^[/\\]appdata[/\\]Claude[/\\]claude_desktop_config\.json$/);
  const location = locateConfig('claude-desktop', 'user', context('linux'));
  expect(location).toMatchObject({ format: 'json', serversKey: 'mcpServers', transport: 'stdio' });
  expect(httpClientOf(location)).toBeNull();
});

test('Claude Code, Cursor and Codex: user files under HOME (or the client\'s own override), project files in the folder; HTTP entries', () => {
  expect(locateConfig('claude-code', 'user', context('linux')).path).toBe('/home/ann/.claude.json');
  expect(locateConfig('claude-code', 'user', context('linux', { CLAUDE_CONFIG_DIR: '/claude' })).path).toBe('/claude/.claude.json');
  expect(locateConfig('claude-code', 'project', context('linux')).path).toBe('/work/project/.mcp.json');
  expect(locateConfig('cursor', 'user', context('darwin')).path).toBe('/home/ann/.cursor/mcp.json');
  expect(locateConfig('cursor', 'project', context('darwin')).path).toBe('/work/project/.cursor/mcp.json');
  expect(locateConfig('codex', 'user', context('linux'))).toMatchObject({ path: '/home/ann/.codex/config.toml', format: 'toml' });
  expect(locateConfig('codex', 'user', context('linux', { CODEX_HOME: '/codex' })).path).toBe('/codex/config.toml');
  expect(locateConfig('codex', 'project', context('linux')).path).toBe('/work/project/.codex/config.toml');
  for (const target of ['claude-code', 'cursor', 'codex'] as const) {
    for (const scope of ['user', 'project'] as const) {
      const location = locateConfig(target, scope, context('linux'));
      expect(location).toMatchObject({ serversKey: 'mcpServers', transport: 'http', format: target === 'codex' ? 'toml' : 'json' });
      expect(httpClientOf(location)).toBe(target);
    }
  }
});

test('VS Code: the user mcp.json in its per-platform settings folder, .vscode/mcp.json in the project; servers under "servers"', () => {
  expect(locateConfig('vscode', 'user', context('linux')).path).toBe('/home/ann/.config/Code/User/mcp.json');
  expect(locateConfig('vscode', 'user', context('linux', { XDG_CONFIG_HOME: '/xdg' })).path).toBe('/xdg/Code/User/mcp.json');
  expect(locateConfig('vscode', 'user', context('darwin')).path).toBe('/home/ann/Library/Application Support/Code/User/mcp.json');
  expect(locateConfig('vscode', 'user', context('win32', { APPDATA: '/appdata' })).path).toMatch(/^[/\\]appdata[/\\]Code[/\\]User[/\\]mcp\.json$/);
  expect(locateConfig('vscode', 'project', context('linux')).path).toBe('/work/project/.vscode/mcp.json');
  for (const scope of ['user', 'project'] as const) {
    const location = locateConfig('vscode', scope, context('linux'));
    expect(location).toMatchObject({ format: 'json', serversKey: 'servers', transport: 'http', label: 'VS Code' });
    expect(httpClientOf(location)).toBe('vscode');
  }
});

test('the five targets and their scopes', () => {
  expect([...CLIENT_TARGETS]).toEqual(['claude-desktop', 'claude-code', 'cursor', 'codex', 'vscode']);
  expect(Object.fromEntries(CLIENT_TARGETS.map((target) => [target, [...TARGET_SCOPES[target]]]))).toEqual({
    'claude-desktop': ['user'],
    'claude-code': ['user', 'project'],
    cursor: ['user', 'project'],
    codex: ['user', 'project'],
    vscode: ['user', 'project'],
  });
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
