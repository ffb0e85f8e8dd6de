import { parse as parseToml } from 'smol-toml';
import { buildClientConfig, CLIENT_IDS, CLIENTS, isSnippetClient, TOKEN_PLACEHOLDER } from '../../src/server/client-configs';
import type { HttpClient } from '../../src/server/clients/client-entries';
import { argumentsTheShellPasses, splitShellWords } from './snippet-endpoints';

const input = { url: 'http://127.0.0.1:27643', token: 'indx_secret' };
const MCP_URL = 'http://127.0.0.1:27643/mcp';
const SNIPPET_CLIENTS: HttpClient[] = ['claude-code', 'cursor', 'codex', 'vscode', 'http'];

describe('client configuration snippets', () => {
  // Claude Code: `claude mcp add` defaults to --scope local (one project); the tab says "for the current user".
  it('gives Claude Code a command adding the HTTP server for the current user with the bearer header', () => {
    const line = buildClientConfig('claude-code', input);
    expect(line).toBe(`claude mcp add --transport http --scope user indx ${MCP_URL} --header 'Authorization: Bearer indx_secret'`);
    expect(line).not.toContain('\n');
    expect(argumentsTheShellPasses(line)).toEqual(['claude', 'mcp', 'add', '--transport', 'http', '--scope', 'user', 'indx', MCP_URL, '--header', 'Authorization: Bearer indx_secret']);
    expect(CLIENTS.find((client) => client.id === 'claude-code')?.destination).toContain('for the current user');
  });

  // Single quotes keep everything literal in a POSIX shell; a quote inside is closed, escaped and reopened.
  it.each(["it's", '$HOME `id` "quoted" \\ back', "x'; printf injected; '", '<TOKEN>'])('quotes the header so the shell passes %j through unchanged', (token) => {
    const line = buildClientConfig('claude-code', { ...input, token });
    expect(argumentsTheShellPasses(line).at(-1)).toBe(`Authorization: Bearer ${token}`);
    // The word splitter the plugin test reads Claude Code's command with agrees with the shell.
    expect(splitShellWords(line)).toEqual(argumentsTheShellPasses(line));
  });

  // Cursor: `url` with `headers` in mcpServers (no `type`); generic clients get the `type: "http"` most of them expect.
  it('gives Cursor and generic clients the /mcp URL with the bearer header under "mcpServers"', () => {
    const headers = { Authorization: 'Bearer indx_secret' };
    expect(JSON.parse(buildClientConfig('cursor', input))).toEqual({ mcpServers: { indx: { url: MCP_URL, headers } } });
    expect(JSON.parse(buildClientConfig('http', input))).toEqual({ mcpServers: { indx: { type: 'http', url: MCP_URL, headers } } });
  });

  // VS Code's mcp.json lists servers under "servers", an HTTP one with type "http".
  it('gives VS Code an HTTP server under "servers"', () => {
    expect(JSON.parse(buildClientConfig('vscode', input))).toEqual({ servers: { indx: { type: 'http', url: MCP_URL, headers: { Authorization: 'Bearer indx_secret' } } } });
  });

  // Codex: streamable HTTP servers take `url`; static headers go in `http_headers` (`bearer_token` is refused by Codex).
  it('gives Codex a [mcp_servers.indx] table with the URL and the header in http_headers, quotes escaped', () => {
    const toml = buildClientConfig('codex', input);
    expect(toml).toMatch(/^\[mcp_servers\.indx\]$/m);
    expect(parseToml(toml)).toEqual({ mcp_servers: { indx: { url: MCP_URL, http_headers: { Authorization: 'Bearer indx_secret' } } } });
    expect(toml).not.toContain('bearer_token');
    const tricky = 'a"b\\c';
    expect(parseToml(buildClientConfig('codex', { ...input, token: tricky }))).toEqual({ mcp_servers: { indx: { url: MCP_URL, http_headers: { Authorization: `Bearer ${tricky}` } } } });
  });

  it('writes the placeholder where the token goes when none is given, and nowhere else', () => {
    for (const client of SNIPPET_CLIENTS) {
      const snippet = buildClientConfig(client, { ...input, token: null });
      expect(snippet.split(TOKEN_PLACEHOLDER)).toHaveLength(2);
      expect(snippet).toContain(`Bearer ${TOKEN_PLACEHOLDER}`);
      expect(snippet).toBe(buildClientConfig(client, { ...input, token: TOKEN_PLACEHOLDER }));
    }
  });

  it('lists every client once, in the tab order, with Claude Desktop delivered as a bundle and the rest as snippets', () => {
    expect(CLIENT_IDS).toEqual(['claude-desktop', 'claude-code', 'cursor', 'codex', 'vscode', 'http']);
    expect(CLIENTS.map((client) => client.id)).toEqual([...CLIENT_IDS]);
    expect(CLIENTS.map((client) => [client.id, client.delivery])).toEqual([
      ['claude-desktop', 'bundle'],
      ['claude-code', 'snippet'],
      ['cursor', 'snippet'],
      ['codex', 'snippet'],
      ['vscode', 'snippet'],
      ['http', 'snippet'],
    ]);
    expect(CLIENT_IDS.filter((client) => isSnippetClient(client))).toEqual(SNIPPET_CLIENTS);
    for (const client of CLIENTS) expect(client.label).not.toBe('');
    expect(new Set(CLIENTS.map((client) => client.label)).size).toBe(CLIENTS.length);
    expect(CLIENTS.find((client) => client.id === 'claude-desktop')?.destination).toMatch(/\.mcpb.*Downloads/);
  });
});
