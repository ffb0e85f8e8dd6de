import { parse as parseToml } from 'smol-toml';
import { buildClientConfig, CLIENT_IDS, CLIENTS, TOKEN_PLACEHOLDER } from '../../src/server/client-configs';

const input = { url: 'http://127.0.0.1:27643', token: 'indx_secret', vaultPath: '/home/me/My "Vault"' };
const relay = { command: 'npx', args: ['-y', 'indx-mcp', 'mcp', 'serve', '--stdio', '--vault', '/home/me/My "Vault"'], env: { INDX_TOKEN: 'indx_secret' } };

describe('client configuration snippets', () => {
  it('gives Claude Desktop the stdio relay with the token in its environment', () => {
    expect(JSON.parse(buildClientConfig('claude-desktop', input))).toEqual({ mcpServers: { indx: relay } });
  });

  // Claude Code: `claude mcp add` defaults to --scope local (one project); the tab says "for the current user".
  it('gives Claude Code a command adding the HTTP server for the current user with the bearer header, quoted for the shell', () => {
    expect(buildClientConfig('claude-code', input)).toBe("claude mcp add --transport http --scope user indx http://127.0.0.1:27643/mcp --header 'Authorization: Bearer indx_secret'");
    expect(CLIENTS.find((client) => client.id === 'claude-code')?.destination).toContain('for the current user');
    expect(buildClientConfig('claude-code', { ...input, token: "it's" })).toContain("'Authorization: Bearer it'\\''s'");
  });

  it('gives Cursor and generic clients the /mcp URL with the bearer header', () => {
    const headers = { Authorization: 'Bearer indx_secret' };
    expect(JSON.parse(buildClientConfig('cursor', input))).toEqual({ mcpServers: { indx: { url: 'http://127.0.0.1:27643/mcp', headers } } });
    expect(JSON.parse(buildClientConfig('http', input))).toEqual({ mcpServers: { indx: { type: 'http', url: 'http://127.0.0.1:27643/mcp', headers } } });
  });

  // Codex reads [mcp_servers.<name>] tables with command, args and env from ~/.codex/config.toml.
  it('gives Codex a TOML table that parses back to the stdio relay, with quotes escaped', () => {
    const toml = buildClientConfig('codex', input);
    expect(toml).toContain('[mcp_servers.indx]');
    expect(parseToml(toml)).toEqual({ mcp_servers: { indx: relay } });
  });

  it('writes a placeholder where the token goes when none is given, and describes every client', () => {
    for (const client of CLIENT_IDS) expect(buildClientConfig(client, { ...input, token: null })).toContain(TOKEN_PLACEHOLDER);
    expect(CLIENTS.map((client) => client.id)).toEqual([...CLIENT_IDS]);
  });
});
