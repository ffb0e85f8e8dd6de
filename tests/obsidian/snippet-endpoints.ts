import { execFileSync } from 'node:child_process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { parse as parseToml } from 'smol-toml';
import type { HttpClient } from '../../src/server/clients/client-entries';

// How each MCP client reads the configuration snippet the plugin copies, for tests that connect with it.

/** Where an HTTP client sends its MCP requests, and the headers it adds. */
export interface HttpEndpoint {
  url: string;
  headers: Record<string, string>;
}

/**
 * The words a POSIX shell makes of one command line: blanks separate words; '…' keeps everything
 * literal; "…" keeps all but \" \\ \$ \` (escapes) and $ ` (refused here); a backslash outside
 * quotes escapes the next character. Whatever the shell would expand or treat as an operator is
 * refused, so a snippet that relies on it fails.
 */
export function splitShellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const append = (text: string): void => void (word = (word ?? '') + text);
  for (let index = 0; index < line.length; index += 1) {
    const character = line.charAt(index);
    if (character === ' ' || character === '\t') {
      if (word !== null) words.push(word);
      word = null;
    } else if (character === "'") {
      const end = line.indexOf("'", index + 1);
      if (end === -1) throw new Error(`unterminated ' in ${line}`);
      append(line.slice(index + 1, end));
      index = end;
    } else if (character === '"') {
      index = readDoubleQuoted(line, index + 1, append);
    } else if (character === '\\') {
      if (index + 1 >= line.length) throw new Error(`a trailing \\ in ${line}`);
      append(line.charAt((index += 1)));
    } else if (/[$`;&|<>()*?[\n]/.test(character) || (word === null && /[~#]/.test(character))) {
      throw new Error(`the shell would treat ${JSON.stringify(character)} in ${line} specially`);
    } else {
      append(character);
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** Reads a "…" word part from `start`; returns the index of its closing quote. */
function readDoubleQuoted(line: string, start: number, append: (text: string) => void): number {
  for (let index = start; index < line.length; index += 1) {
    const character = line.charAt(index);
    if (character === '"') return index;
    if (character === '$' || character === '`') throw new Error(`the shell would expand ${character} inside "…" in ${line}`);
    if (character === '\\' && '"\\$`'.includes(line.charAt(index + 1))) append(line.charAt((index += 1)));
    else append(character);
  }
  throw new Error(`unterminated " in ${line}`);
}

/** The arguments /bin/sh passes to `claude` for `line` (a shell function prints them, NUL-separated). */
export function argumentsTheShellPasses(line: string): string[] {
  const output = execFileSync('/bin/sh', ['-c', `claude() { for word in "$@"; do printf '%s\\0' "$word"; done; }\n${line}`], { encoding: 'utf8' });
  return ['claude', ...output.split('\0').slice(0, -1)];
}

/**
 * What `claude mcp add [options] <name> <url>` adds, read the way Claude Code's command reads it
 * (`-t/--transport`, `-s/--scope`, `-H/--header "Name: value"`, `-e/--env`; docs.anthropic.com,
 * Claude Code MCP: "claude mcp add --transport http <name> <url> --header ...").
 */
function parseClaudeMcpAdd(line: string): { name: string; transport: string; scope: string; endpoint: HttpEndpoint } {
  const words = splitShellWords(line);
  expect(words).toEqual(argumentsTheShellPasses(line));
  expect(words.slice(0, 3)).toEqual(['claude', 'mcp', 'add']);
  const flags: Record<string, 'transport' | 'scope' | 'header' | 'env'> = { '--transport': 'transport', '-t': 'transport', '--scope': 'scope', '-s': 'scope', '--header': 'header', '-H': 'header', '--env': 'env', '-e': 'env' };
  const options: Record<string, string[]> = {};
  const positionals: string[] = [];
  for (let index = 3; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const flag = flags[word];
    if (flag !== undefined) (options[flag] ??= []).push(words[(index += 1)] ?? '');
    else if (word.startsWith('-')) throw new Error(`claude mcp add has no option ${word}`);
    else positionals.push(word);
  }
  expect(positionals).toHaveLength(2);
  const headers = Object.fromEntries((options.header ?? []).map((header) => [header.slice(0, header.indexOf(':')).trim(), header.slice(header.indexOf(':') + 1).trim()]));
  return { name: positionals[0] ?? '', transport: options.transport?.[0] ?? 'stdio', scope: options.scope?.[0] ?? 'local', endpoint: { url: positionals[1] ?? '', headers } };
}

/** Where the client of `snippet` connects, read from it the way that client reads its configuration. */
export function endpointFrom(client: HttpClient, snippet: string): HttpEndpoint {
  switch (client) {
    case 'claude-code': {
      const added = parseClaudeMcpAdd(snippet);
      expect(added).toMatchObject({ name: 'indx', transport: 'http', scope: 'user' });
      return added.endpoint;
    }
    case 'codex': {
      // ~/.codex/config.toml: [mcp_servers.<name>] with `url` (streamable HTTP) and static `http_headers`.
      const entry = (parseToml(snippet) as { mcp_servers: Record<string, { url: string; http_headers: Record<string, string> }> }).mcp_servers.indx;
      return { url: entry?.url ?? '', headers: entry?.http_headers ?? {} };
    }
    case 'vscode': {
      // VS Code's mcp.json: "servers", an HTTP server with "type": "http".
      const entry = (JSON.parse(snippet) as { servers: Record<string, { type: string; url: string; headers: Record<string, string> }> }).servers.indx;
      expect(entry?.type).toBe('http');
      return { url: entry?.url ?? '', headers: entry?.headers ?? {} };
    }
    case 'cursor':
    case 'http': {
      // Cursor's mcp.json: "mcpServers", a remote server by its "url" (Cursor needs no type).
      const entry = (JSON.parse(snippet) as { mcpServers: Record<string, { type?: string; url: string; headers: Record<string, string> }> }).mcpServers.indx;
      if (client === 'http') expect(entry?.type).toBe('http');
      return { url: entry?.url ?? '', headers: entry?.headers ?? {} };
    }
  }
}

/** `initialize` and `tools/list` over Streamable HTTP with the official SDK client, sending the endpoint's headers. */
export async function listToolsAt(endpoint: HttpEndpoint): Promise<string[]> {
  const client = new Client({ name: 'snippet-check', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: endpoint.headers } }));
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}
