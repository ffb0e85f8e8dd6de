import type { InstallationStatus } from './installation-status';

/** The text `indx mcp status` prints: one block per client configuration, then a count. */
export function describeStatus(rows: readonly InstallationStatus[]): string {
  const blocks = rows.map((row) => {
    const heading = `${row.configured ? '✓' : '✗'} ${row.label} (${row.scope}): ${row.configured ? 'configured' : row.problem === null ? 'not configured' : 'unreadable'}`;
    const entry = row.entry as { command?: unknown; args?: unknown } | null;
    const details = [
      ...(row.configured && entry !== null ? [`    Command: ${[entry.command, ...(Array.isArray(entry.args) ? (entry.args as unknown[]) : [])].map(String).join(' ')}`] : []),
      ...(row.configured ? [`    Token:   ${row.has_token ? 'set (INDX_TOKEN)' : 'none: the running server will refuse the client'}`] : []),
      ...(row.problem === null ? [] : [`    Problem: ${row.problem}`]),
      `    Config:  ${row.path}${row.exists ? '' : ' (no file)'}`,
    ];
    return [heading, ...details].join('\n');
  });
  const configured = rows.filter((row) => row.configured).length;
  return ['MCP server status', '─'.repeat(50), '', ...blocks, '', `${configured}/${rows.length} client configurations have indx`, ''].join('\n');
}
