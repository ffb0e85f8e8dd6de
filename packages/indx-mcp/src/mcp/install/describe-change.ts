import type { ConfigChange } from './config-change';

const VERBS: Record<ConfigChange['action'], [done: string, planned: string]> = {
  created: ['Created', 'Would create'],
  added: ['Added the indx MCP server to', 'Would add the indx MCP server to'],
  replaced: ['Replaced the indx MCP server in', 'Would replace the indx MCP server in'],
  unchanged: ['The indx MCP server is already set up in', 'The indx MCP server is already set up in'],
  removed: ['Removed the indx MCP server from', 'Would remove the indx MCP server from'],
  absent: ['There is no indx MCP server in', 'There is no indx MCP server in'],
};

/** What {@link describeChange} says about the token of an install. */
export interface TokenNotes {
  /** A token was given (unset for uninstall): false adds the hint on making one. */
  tokenGiven?: boolean;
  /** The token file the entry names (project scope). */
  tokenFile?: string;
  /** That file lies in the project folder, where it may be committed. */
  tokenFileInProject?: boolean;
}

/** The text `indx mcp install|uninstall` prints for a change (never a token). */
export function describeChange(change: ConfigChange, options: TokenNotes = {}): string {
  const [done, planned] = VERBS[change.action];
  const what = change.action === 'created' ? `${change.path} with the indx MCP server for ${change.label} (${change.scope})` : `${change.label} (${change.scope}): ${change.path}`;
  const lines = [`${change.dry_run ? planned : done} ${what}`];
  if (change.backup !== null) lines.push(`  Backup: ${change.backup}`);
  if (change.entry !== null && change.action !== 'absent') lines.push(`  Entry:  ${JSON.stringify(change.entry)}`);
  if (options.tokenFile !== undefined) lines.push(`  Token:  read from ${options.tokenFile} when the client starts the server (the token itself is not written)`);
  if (options.tokenFileInProject === true) lines.push('  Warning: the token file is inside the project folder: keep it out of version control (add it to .gitignore).');
  if (change.dry_run) lines.push('Dry run: nothing was written.');
  const edited = change.action !== 'unchanged' && change.action !== 'absent';
  if (edited && !change.dry_run) lines.push(`Restart ${change.label} to pick up the change.`);
  if (options.tokenGiven === false && change.action !== 'removed' && change.action !== 'absent') lines.push(...TOKEN_HINT);
  return `${lines.join('\n')}\n`;
}

const TOKEN_HINT = [
  '',
  'No token was given (--token-file, or INDX_TOKEN for user scope), so the entry has none and the running server will refuse the client.',
  'Create one (its secret is printed once), save it in a file outside any project, and install again with it:',
  '  indx token create --vault DIR --name NAME --scopes vault:read,vault:write',
  '  indx mcp install --token-file FILE --force   (same --target, --scope and --vault as before)',
  'User scope copies the token into the entry (the file is made private); project scope names the file instead.',
];
