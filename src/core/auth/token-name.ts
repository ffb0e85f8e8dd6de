import { IndxError } from '../errors';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Checks a token name: 1–64 characters, letters, digits, `.`, `_` and `-`, starting with a
 * letter or digit. It appears in audit records as `token:<name>`. Throws `invalid_input`.
 */
export function assertTokenName(name: string): void {
  if (NAME_PATTERN.test(name)) return;
  throw new IndxError('invalid_input', `"${name}" is not a valid token name. Use 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. "claude-code").`, { name });
}
