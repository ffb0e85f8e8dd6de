import { IndxError } from '../../../../../src/core/errors';
import type { ServerChoice } from '../../connect/locate-server';
import { LineTransport } from './line-transport';
import { StdioRelay } from './stdio-relay';

/** The options the relay takes: each names where the server or its token is, as for `indx mcp serve --stdio`. */
const FLAGS: Record<string, keyof ServerChoice> = { '--vault': 'vault', '--url': 'url', '--token-file': 'tokenFile' };

/**
 * The stdio relay as a program of its own (`dist/relay.js`): what a Claude Desktop bundle
 * (`.mcpb`) runs. It relays to the vault's running server exactly as `indx mcp serve --stdio`
 * does, but never serves a vault itself, so it needs no engine and stays small. Takes `--vault`,
 * `--url`, `--token-file` and INDX_VAULT, INDX_URL, INDX_TOKEN. Resolves with the exit status.
 */
export async function runRelay(argv: readonly string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const relay = new StdioRelay({ choice: parseRelayArguments(argv), transport: new LineTransport(), environment: withoutPlaceholders(environment), canServe: false });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void relay.stop(0));
  return relay.run();
}

/** `--flag value` and `--flag=value` pairs; an empty or unfilled value (`${user_config.vault}`) counts as not given. */
export function parseRelayArguments(argv: readonly string[]): ServerChoice {
  const choice: ServerChoice = {};
  for (let index = 0; index < argv.length; index += 1) {
    const [flag = '', inline] = (argv[index] ?? '').split(/=(.*)/s, 2);
    const field = FLAGS[flag];
    if (field === undefined) throw new IndxError('invalid_input', `Unknown argument "${argv[index] ?? ''}". The relay takes --vault DIR, --url URL and --token-file FILE.`);
    const value = inline ?? argv[(index += 1)];
    if (value === undefined) throw new IndxError('invalid_input', `${flag} needs a value.`);
    if (!isUnset(value)) choice[field] = value;
  }
  return choice;
}

/**
 * The environment without variables that are empty or still hold a `${…}` placeholder: a bundle's
 * optional setting the user left empty reaches the relay as its literal placeholder text.
 */
export function withoutPlaceholders(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && !isUnset(value)));
}

function isUnset(value: string): boolean {
  return value.trim() === '' || /^\$\{[^}]*\}$/.test(value.trim());
}
