import { resolve } from 'node:path';
import { IndxError } from '../../../../../src/core/errors';
import { readToken } from '../../connect/locate-server';
import type { ConfigScope } from './client-targets';

/** How the installed entry gets its token: embedded (`token`), named (`tokenFile`), or not at all (neither). */
export interface Credential {
  /** The secret, to embed as `env.INDX_TOKEN` (user scope only). */
  token?: string;
  /** The absolute path of the token file, to pass as `--token-file` (project scope). */
  tokenFile?: string;
}

/**
 * Decides how an entry in `scope` gets its token from `--token-file` (`tokenFile`) or
 * `INDX_TOKEN`. User scope embeds the token (its file is then made private). Security: project
 * scope never writes a secret, because project files (`.mcp.json`, `.cursor/mcp.json`,
 * `.codex/config.toml`) are usually committed: a token file is named by its absolute path
 * instead, and a token found only in `INDX_TOKEN` is refused (`invalid_input`). The token file
 * is read either way, so a missing or empty file fails now, not when the client starts.
 */
export async function chooseCredential(scope: ConfigScope, tokenFile: string | undefined, environment: NodeJS.ProcessEnv = process.env): Promise<Credential> {
  if (tokenFile !== undefined) {
    const token = await readTokenFile(tokenFile);
    return scope === 'project' ? { tokenFile: resolve(tokenFile) } : { token };
  }
  const token = await readToken({}, environment);
  if (token === null) return {};
  if (scope === 'user') return { token };
  const message = 'INDX_TOKEN is set, but indx never writes a token into a project configuration: project files are usually committed with the project. Save the token in a file outside the project and pass --token-file FILE (the entry then names the file, not the token); or use --scope user; or unset INDX_TOKEN to install without a token.';
  throw new IndxError('invalid_input', message, { scope, token_source: 'INDX_TOKEN' });
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
