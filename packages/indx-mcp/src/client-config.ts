import { buildClientConfig, TOKEN_PLACEHOLDER } from '../../../src/server/client-configs';

/** The Claude Code command that adds the server. */
export function claudeCodeCommand(mcpUrl: string, token: string): string {
  return `claude mcp add --transport http indx ${mcpUrl} --header "Authorization: Bearer ${token}"`;
}

/**
 * The text `indx serve` prints once listening: the URLs, the token (when one was created) or
 * how to create one, and ready-to-paste client configuration.
 */
export function describeServer(options: { vaultName: string; vaultRoot: string; url: string; token: { name: string; secret: string; scopes: readonly string[] } | null; ai?: readonly string[] }): string {
  const mcpUrl = `${options.url}/mcp`;
  const secret = options.token?.secret ?? TOKEN_PLACEHOLDER;
  const createHint = `indx token create --vault ${JSON.stringify(options.vaultRoot)} --name NAME --scopes vault:read,vault:write`;
  return [
    `indx is serving the vault "${options.vaultName}" (${options.vaultRoot})`,
    `  URL:     ${options.url}`,
    `  MCP:     ${mcpUrl}`,
    `  REST:    ${options.url}/v1  (OpenAPI: ${options.url}/openapi.json, events: ${options.url}/v1/events)`,
    ...(options.ai ?? []).map((line) => `  ${line}`),
    '',
    ...(options.token === null
      ? ['Create a token (its secret is shown once), then replace <TOKEN> below with it:', `  ${createHint}`]
      : [`Token "${options.token.name}" (${options.token.scopes.join(', ')}), shown once, copy it now:`, `  ${secret}`, '', 'Create another token:', `  ${createHint}`]),
    '',
    'Claude Code:',
    `  ${claudeCodeCommand(mcpUrl, secret)}`,
    '',
    'MCP client config (mcpServers):',
    buildClientConfig('http', { url: options.url, token: secret, vaultPath: options.vaultRoot }).trimEnd(),
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
