import { IndxError } from '../../../../../src/core/errors';
import { TOKEN_VARIABLE } from '../../../../../src/server/clients/client-entries';
import { readToken } from '../../connect/locate-server';
import type { ConfigScope } from './client-targets';

/** How the installed entry gets its token: written in (`token`), or the client's reference to INDX_TOKEN / its prompt (`token` absent). */
export interface Credential {
  /** The secret to write into the entry (user scope only; the file is then made private). */
  token?: string;
  /** Where the token came from, for the report: `token_file`, `INDX_TOKEN`, or null (the entry references it). */
  source: 'token_file' | 'INDX_TOKEN' | null;
}

/**
 * Decides how an entry in `scope` gets its token from `--token-file` (`tokenFile`) or
 * `INDX_TOKEN`. User scope writes the token in (its file is then made private); without one,
 * the entry references INDX_TOKEN the client's way (VS Code: asks for it). Security: project
 * scope never writes a secret, nor a path to one, because project files (`.mcp.json`,
 * `.cursor/mcp.json`, `.codex/config.toml`, `.vscode/mcp.json`) are usually committed: its entry
 * always references the token, and `--token-file` there is `invalid_input`. The token file is
 * read now, so a missing or empty file fails at install, not when the client starts.
 */
export async function chooseCredential(scope: ConfigScope, tokenFile: string | undefined, environment: NodeJS.ProcessEnv = process.env): Promise<Credential> {
  if (scope === 'project' && tokenFile !== undefined) {
    const message = `A project configuration is usually committed, so indx writes neither a token nor a token file's path into it: the entry makes the client read ${TOKEN_VARIABLE} from its environment (VS Code asks for the token). Drop --token-file and set ${TOKEN_VARIABLE} where the client runs, or use --scope user.`;
    throw new IndxError('invalid_input', message, { scope, token_file: tokenFile });
  }
  if (scope === 'project') return { source: null };
  if (tokenFile !== undefined) return { token: await readTokenFile(tokenFile), source: 'token_file' };
  const token = await readToken({}, environment);
  return token === null ? { source: null } : { token, source: 'INDX_TOKEN' };
}

async function readTokenFile(tokenFile: string): Promise<string> {
  try {
    return (await readToken({ tokenFile })) ?? '';
  } catch (error: unknown) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'it does not exist' : typeof code === 'string' ? code : 'its first line is empty';
    throw new IndxError('invalid_input', `Cannot read the token file ${tokenFile}: ${reason}. Pass a file whose first line is the token.`, { token_file: tokenFile }, { cause: error });
  }
}
