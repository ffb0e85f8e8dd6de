import { describeProbe } from './describe-change';
import type { InstallationStatus } from './installation-status';

const TOKEN_SOURCES: Record<NonNullable<InstallationStatus['token_source']>, string> = {
  env: 'set (INDX_TOKEN in the entry\'s env)',
  header: 'set (Authorization header)',
  token_file: 'read from the file named by --token-file',
  reference: 'read by the client at start (INDX_TOKEN, or VS Code\'s prompt)',
};

/** The mark and words a configured row's heading gets from its check (`none`: not asked for). */
const CHECK_MARKS = { working: '✓', failing: '✗', unchecked: '?', none: '✓' } as const;
const CHECK_WORDS = { working: ', working', failing: ', failing', unchecked: ', not checked', none: '' } as const;

/** The text `indx mcp status` prints: one block per client configuration, then a count. Never a secret. */
export function describeStatus(rows: readonly InstallationStatus[]): string {
  const blocks = rows.map((row) => {
    const heading = `${row.configured ? CHECK_MARKS[row.check?.state ?? 'none'] : '✗'} ${row.label} (${row.scope}): ${row.configured ? `configured${CHECK_WORDS[row.check?.state ?? 'none']}` : row.problem === null ? 'not configured' : 'unreadable'}`;
    return [heading, ...(row.configured ? describeEntry(row) : []), ...(row.problem === null ? [] : [`    Problem: ${row.problem}`]), `    Config:  ${row.path}${row.exists ? '' : ' (no file)'}`].join('\n');
  });
  const configured = rows.filter((row) => row.configured);
  const working = configured.filter((row) => row.check?.state === 'working').length;
  const failing = configured.filter((row) => row.check?.state === 'failing').length;
  const summary = `${configured.length}/${rows.length} client configurations have indx: ${working} working, ${failing} failing`;
  return ['MCP server status', '─'.repeat(50), '', ...blocks, '', summary, ''].join('\n');
}

function describeEntry(row: InstallationStatus): string[] {
  const token = `    Token:   ${row.token_source === null ? 'none: the running server will refuse the client' : TOKEN_SOURCES[row.token_source]}`;
  const check = row.check === null ? [] : [`    Check:   ${describeProbe(row.check)}`];
  if (row.transport === 'stdio') return [`    Command: ${row.command ?? ''}`, token, ...check];
  if (row.transport === 'http') return [`    URL:     ${row.url ?? ''} (HTTP)`, ...(row.header_names.length === 0 ? [] : [`    Headers: ${row.header_names.join(', ')} (values hidden)`]), token, ...check];
  return [`    Entry:   ${JSON.stringify(row.entry)} (neither a command nor a URL)`, ...check];
}
