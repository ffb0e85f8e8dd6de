import { buildClientConfig, TOKEN_PLACEHOLDER } from '../../../src/server/client-configs';

/** The token `indx serve` prints, and how long it lives. */
export interface ServedToken {
  name: string;
  secret: string;
  scopes: readonly string[];
  /** `server`: revoked when the server stops (`--new-token`); `file`: kept in `file` across restarts (`--token-file`). */
  lifetime: 'server' | 'file';
  file: string | null;
  /** The token came from `file` (an earlier run made it). */
  reused: boolean;
}

/**
 * The text `indx serve` prints once listening: the URLs, the token (when there is one) and how
 * long it lives, or how to create one, and ready-to-paste client configuration.
 */
export function describeServer(options: { vaultName: string; vaultRoot: string; url: string; token: ServedToken | null; ai?: readonly string[] }): string {
  const mcpUrl = `${options.url}/mcp`;
  const vault = JSON.stringify(options.vaultRoot);
  const secret = options.token?.secret ?? TOKEN_PLACEHOLDER;
  const createHint = `indx token create --vault ${vault} --name NAME --scopes vault:read,vault:write`;
  return [
    `indx is serving the vault "${options.vaultName}" (${options.vaultRoot})`,
    `  URL:     ${options.url}`,
    `  MCP:     ${mcpUrl}`,
    `  REST:    ${options.url}/v1  (OpenAPI: ${options.url}/openapi.json, events: ${options.url}/v1/events)`,
    ...(options.ai ?? []).map((line) => `  ${line}`),
    '',
    ...(options.token === null ? ['Create a token (its secret is shown once), then replace <TOKEN> below with it:', `  ${createHint}`] : describeToken(options.token, vault)),
    '',
    'Claude Code:',
    `  ${buildClientConfig('claude-code', { url: options.url, token: secret })}`,
    '',
    'MCP client config (mcpServers):',
    buildClientConfig('http', { url: options.url, token: secret }).trimEnd(),
    '(for clients that speak Streamable HTTP; Claude Desktop takes commands only: "indx mcp install -t claude-desktop" or "indx mcp bundle")',
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

function describeToken(token: ServedToken, vault: string): string[] {
  const heading = `Token "${token.name}" (${token.scopes.join(', ')}):`;
  if (token.lifetime === 'server') {
    return [heading, `  ${token.secret}`, '  It is revoked when this server stops: configuration pasted from here stops working then.', `  For a token that lasts: indx serve --vault ${vault} --token-file FILE (or "indx token create").`];
  }
  const origin = token.reused ? `read from ${token.file ?? ''}` : `new, saved in ${token.file ?? ''}`;
  return [heading, `  ${token.secret}`, `  ${origin}; it stays valid across restarts until you revoke it: indx token revoke --vault ${vault} --name ${token.name}`];
}
