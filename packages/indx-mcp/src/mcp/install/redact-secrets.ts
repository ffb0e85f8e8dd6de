/** What a secret is replaced with in anything the installer prints. */
export const REDACTED = '<set>';

/** Keys whose whole value is secret: environment variables and HTTP headers (`headers`, Codex's `http_headers`, `env_http_headers`). */
const SECRET_CONTAINER = /^(?:env|\w*headers)$/i;
/** Keys that name a secret themselves. */
const SECRET_KEY = /token|authorization|secret|password|api[-_]?key/i;
/** A command-line flag that takes a secret as its value (`--token X`, `--api-key=X`), but not one naming where a secret is (`--token-file`). */
const SECRET_FLAG = /^--?[\w-]*(?:token|secret|password|api-?key|authorization)(?!-(?:file|path|env|var))[\w-]*$/i;

/**
 * `value` (a configuration entry, error details) with every secret replaced by {@link REDACTED}:
 * every value under `env` and any `…headers` key, the value of any key that names a secret
 * (token, authorization, secret, password, API key), the argument after a secret-taking flag,
 * and inside every text a `Bearer …` credential, URL user info and secret-named query
 * parameters. Keys and shapes stay, so the output still shows what is configured. Security:
 * everything `indx mcp install|uninstall|status` prints goes through this.
 */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return redactArguments(value);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactField(key, item)]));
}

/** Keys that name where a secret is, not the secret (`bearer_token_env_var`, `token_file`). */
const NAMES_A_PLACE = /(?:_env_var|_var|_file|_path)$/i;

function redactField(key: string, value: unknown): unknown {
  if (SECRET_CONTAINER.test(key)) return redactAll(value);
  if (NAMES_A_PLACE.test(key) && typeof value === 'string') return value;
  if (SECRET_KEY.test(key) && (typeof value === 'string' || typeof value === 'number')) return REDACTED;
  return SECRET_KEY.test(key) && isRecord(value) ? redactAll(value) : redactSecrets(value);
}

/** Every leaf replaced: under `env` or `headers` nothing is shown but the names. */
function redactAll(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactAll);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactAll(item)]));
  return value === null || typeof value === 'boolean' ? value : REDACTED;
}

/** An argument list: each item redacted, and the item after a secret-taking flag replaced. */
function redactArguments(items: readonly unknown[]): unknown[] {
  return items.map((item, index) => {
    const previous = index > 0 ? items[index - 1] : undefined;
    if (typeof item === 'string' && typeof previous === 'string' && SECRET_FLAG.test(previous)) return REDACTED;
    return redactSecrets(item);
  });
}

function redactText(text: string): string {
  return text
    .replace(/\b(Bearer|Basic)(\s+)[^\s"',;]+/gi, `$1$2${REDACTED}`)
    .replace(/(--?[\w-]*(?:token|secret|password|api-?key)[\w-]*=)[^\s"']+/gi, (match: string, flag: string) => (/-(?:file|path|env|var)=$/i.test(flag) ? match : `${flag}${REDACTED}`))
    .replace(/(\/\/[^/?#@\s:]*:)[^/?#@\s]*@/g, `$1${REDACTED}@`)
    .replace(/([?&][^=&#\s]*(?:token|secret|key|password|auth)[^=&#\s]*=)[^&#\s]*/gi, `$1${REDACTED}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
