import type { ClientTarget } from './client-targets';
import type { ConfigChange } from './config-change';
import type { ProbeResult } from './probe-entry';
import { redactSecrets } from './redact-secrets';
import type { ServerAddress } from './server-address';

const VERBS: Record<ConfigChange['action'], [done: string, planned: string]> = {
  created: ['Created', 'Would create'],
  added: ['Added the indx MCP server to', 'Would add the indx MCP server to'],
  replaced: ['Replaced the indx MCP server in', 'Would replace the indx MCP server in'],
  unchanged: ['The indx MCP server is already set up in', 'The indx MCP server is already set up in'],
  removed: ['Removed the indx MCP server from', 'Would remove the indx MCP server from'],
  absent: ['There is no indx MCP server in', 'There is no indx MCP server in'],
};

/** What {@link describeChange} adds about an install: where the token and the URL come from, and the check. */
export interface InstallNotes {
  /** `written`: the token is in the entry; `referenced`: the client reads it (INDX_TOKEN, or VS Code's prompt); `none`: a stdio entry without one. */
  token: 'written' | 'referenced' | 'none';
  /** The server an HTTP entry points at. */
  address?: ServerAddress;
  /** Why the paths of a stdio entry may not last. */
  launcherWarning?: string | null;
  /** The entry tried right after writing it. */
  check?: ProbeResult;
  /** The token file given, for a client that asks for the token (VS Code): what to paste. */
  tokenFile?: string;
}

/** How each client reads a referenced token, and what else a project entry needs. */
const REFERENCES: Record<Exclude<ClientTarget, 'claude-desktop'>, { token: string; project: string }> = {
  'claude-code': { token: 'Claude Code expands ${INDX_TOKEN} from its environment: start it with INDX_TOKEN set (export INDX_TOKEN=…).', project: 'Claude Code asks once before it uses the servers of .mcp.json: run "claude" in the project and approve "indx".' },
  cursor: { token: 'Cursor expands ${env:INDX_TOKEN} from its environment: start it with INDX_TOKEN set.', project: 'Cursor merges .cursor/mcp.json with the user configuration.' },
  codex: { token: 'Codex sends the token it finds in INDX_TOKEN (bearer_token_env_var): start it with INDX_TOKEN set.', project: 'Codex reads .codex/config.toml only in projects you trust (it asks on the first run there).' },
  vscode: { token: 'VS Code asks for the token the first time it starts the server and keeps it in its secret storage (the entry never holds it: Settings Sync copies mcp.json to your other machines).', project: 'VS Code asks to trust the server the first time it starts it.' },
};

const SOURCES: Record<ServerAddress['source'], string> = {
  option: 'given with --url',
  running: 'the running server of the vault',
  configured: "the port in the vault's configuration (no server runs now)",
  default: 'the default port (no server runs now and no --vault was given)',
};

/** The text `indx mcp install|uninstall` prints for a change (never a token). */
export function describeChange(change: ConfigChange, notes?: InstallNotes): string {
  const [done, planned] = VERBS[change.action];
  const what = change.action === 'created' ? `${change.path} with the indx MCP server for ${change.label} (${change.scope})` : `${change.label} (${change.scope}): ${change.path}`;
  const lines = [`${change.dry_run ? planned : done} ${what}`];
  if (change.backup !== null) lines.push(`  Backup: ${change.backup}`);
  if (change.entry !== null && change.action !== 'absent') lines.push(`  Entry:  ${JSON.stringify(change.entry)}`);
  if (notes !== undefined && change.action !== 'removed' && change.action !== 'absent') lines.push(...describeInstall(change, notes));
  if (change.dry_run) lines.push('Dry run: nothing was written.');
  const edited = change.action !== 'unchanged' && change.action !== 'absent';
  if (edited && !change.dry_run) lines.push(`Restart ${change.label} to pick up the change.`);
  return `${lines.join('\n')}\n`;
}

function describeInstall(change: ConfigChange, notes: InstallNotes): string[] {
  const lines: string[] = [];
  if (notes.address !== undefined) lines.push(`  URL:    ${redactSecrets(notes.address.url) as string}/mcp (${SOURCES[notes.address.source]})`);
  if (notes.address?.warning !== undefined) lines.push(`  Warning: ${notes.address.warning}`);
  if (notes.launcherWarning !== undefined && notes.launcherWarning !== null) lines.push(`  Warning: ${notes.launcherWarning}`);
  const reference = change.target === 'claude-desktop' ? undefined : REFERENCES[change.target];
  if (notes.token === 'written') lines.push('  Token:  written into the entry (the file is readable by you only)');
  if (notes.token === 'referenced' && reference !== undefined) lines.push(`  Token:  ${reference.token}${notes.tokenFile === undefined ? '' : ` Paste the token of ${notes.tokenFile} when it asks.`}`);
  if (change.scope === 'project' && reference !== undefined) lines.push(`  Note:   ${reference.project}`);
  if (notes.check !== undefined) lines.push(`  Check:  ${describeProbe(notes.check)}`);
  if (notes.check?.state === 'failing') lines.push('  The entry is written but does not answer yet: fix what the check says (start the server?), then run "indx mcp status".');
  if (notes.token === 'none') lines.push(...TOKEN_HINT);
  return lines;
}

/** One line for what trying an entry found. */
export function describeProbe(result: ProbeResult): string {
  if (result.state === 'working') return `✓ working: it answered initialize and listed ${result.tools} tools`;
  if (result.state === 'failing') return `✗ failing: ${result.reason}`;
  return `? not checked: ${result.reason}`;
}

const TOKEN_HINT = [
  '',
  'No token was given (--token-file, or INDX_TOKEN), so the entry has none and the running server will refuse the client.',
  'Create one (its secret is printed once), save it in a file, and install again with it:',
  '  indx token create --vault DIR --name NAME --scopes vault:read,vault:write',
  '  indx mcp install --token-file FILE --force   (same --target and --vault as before)',
];
