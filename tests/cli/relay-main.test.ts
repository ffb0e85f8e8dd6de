import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { isIndxError } from '../../src/core/errors';
import { parseRelayArguments, withoutPlaceholders } from '../../packages/indx-mcp/src/mcp/relay/relay-main';

/** The stand-alone relay a Claude Desktop bundle runs. */
const RELAY = resolve(__dirname, '../../packages/indx-mcp/dist/relay.js');

/** The IndxError `run` throws, failing unless it throws one with `code`. */
function thrownBy(run: () => unknown, code: string): Error {
  try {
    run();
  } catch (error: unknown) {
    if (!isIndxError(error)) throw error;
    expect(error.code).toBe(code);
    return error;
  }
  throw new Error(`expected an IndxError with code ${code}, but the call succeeded`);
}

describe('parseRelayArguments: the relay\'s --vault, --url and --token-file', () => {
  it('reads each flag with its value as the next argument', () => {
    expect(parseRelayArguments(['--vault', '/home/me/My Vault', '--url', 'http://127.0.0.1:27643', '--token-file', '/home/me/.indx-token'])).toEqual({ vault: '/home/me/My Vault', url: 'http://127.0.0.1:27643', tokenFile: '/home/me/.indx-token' });
    expect(parseRelayArguments([])).toEqual({});
  });

  it('reads --flag=value, keeping any further "=" in the value', () => {
    expect(parseRelayArguments(['--vault=/notes/a=b', '--url=http://127.0.0.1:1/?x=y', '--token-file=/t'])).toEqual({ vault: '/notes/a=b', url: 'http://127.0.0.1:1/?x=y', tokenFile: '/t' });
    expect(parseRelayArguments(['--vault=/one', '--url', 'http://127.0.0.1:2'])).toEqual({ vault: '/one', url: 'http://127.0.0.1:2' });
  });

  // Claude Desktop passes an optional setting the user left empty as its literal "${user_config.KEY}".
  it.each([['${user_config.vault}'], [' ${user_config.vault} '], ['${}'], [''], ['   ']])('counts %j as not given, in either form', (value) => {
    expect(parseRelayArguments(['--vault', value])).toEqual({});
    expect(parseRelayArguments([`--vault=${value}`])).toEqual({});
    expect(parseRelayArguments(['--url', value, '--token-file', value, '--vault', '/v'])).toEqual({ vault: '/v' });
  });

  it('keeps a value that only contains a placeholder, and lets an unset value leave an earlier one alone', () => {
    expect(parseRelayArguments(['--vault', '${HOME}/Vault'])).toEqual({ vault: '${HOME}/Vault' });
    expect(parseRelayArguments(['--vault', '/first', '--vault', '${user_config.vault}'])).toEqual({ vault: '/first' });
    expect(parseRelayArguments(['--vault', '/first', '--vault', '/second'])).toEqual({ vault: '/second' });
  });

  it.each([['--verbose'], ['--vaults=/v'], ['-v'], ['/a/positional'], ['--stdio'], ['--VAULT', '/v']])('refuses the unknown argument %j as invalid_input, naming it and the flags it takes', (...argv) => {
    const error = thrownBy(() => parseRelayArguments(['--vault', '/v', ...argv]), 'invalid_input');
    expect(error.message).toBe(`Unknown argument "${argv[0] ?? ''}". The relay takes --vault DIR, --url URL and --token-file FILE.`);
  });

  it('refuses a flag without a value as invalid_input', () => {
    expect(thrownBy(() => parseRelayArguments(['--vault']), 'invalid_input').message).toBe('--vault needs a value.');
    expect(thrownBy(() => parseRelayArguments(['--vault', '/v', '--token-file']), 'invalid_input').message).toBe('--token-file needs a value.');
  });
});

describe('withoutPlaceholders: the relay\'s environment', () => {
  it('drops variables that are empty or hold only a placeholder, and keeps the rest as they are', () => {
    const environment = { INDX_TOKEN: '${user_config.token}', INDX_VAULT: '', INDX_URL: '  ', HOME: '/home/me', PATH: '/usr/bin:/bin', LABEL: 'a ${b} c', UNSET: undefined };
    const copy = { ...environment };
    expect(withoutPlaceholders(environment)).toEqual({ HOME: '/home/me', PATH: '/usr/bin:/bin', LABEL: 'a ${b} c' });
    expect(environment).toEqual(copy);
    expect(withoutPlaceholders({ INDX_TOKEN: 'indx_abc', INDX_VAULT: '/v' })).toEqual({ INDX_TOKEN: 'indx_abc', INDX_VAULT: '/v' });
  });
});

describe('dist/relay.js with arguments it does not take', () => {
  // The relay's errors go to stderr as the CLI's {error} line with its exit code (2: invalid input); stdout carries only the protocol.
  it('exits 2 with an invalid_input error on stderr and nothing on stdout', async () => {
    const failed = (await promisify(execFile)(process.execPath, [RELAY, '--vault', '/v', '--stdio']).then(
      () => null,
      (error: unknown) => error,
    )) as { code: number; stdout: string; stderr: string } | null;
    expect(failed).not.toBeNull();
    expect(failed?.code).toBe(2);
    expect(failed?.stdout).toBe('');
    expect(JSON.parse(failed?.stderr ?? '')).toEqual({ error: { code: 'invalid_input', message: 'Unknown argument "--stdio". The relay takes --vault DIR, --url URL and --token-file FILE.', details: {} } });
  });
});
