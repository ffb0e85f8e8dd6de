import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { CliResult } from './run-cli';

const MCPB_PACKAGE = resolve(__dirname, '../../node_modules/@anthropic-ai/mcpb');

/** The official MCPB tool's command (`bin` of @anthropic-ai/mcpb's package.json: dist/cli/cli.js). */
export const MCPB_CLI = join(MCPB_PACKAGE, 'dist/cli/cli.js');

/** Runs `mcpb args…` as a child process; resolves with its exit code and output. */
export async function runMcpb(args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [MCPB_CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Every file under `folder`, as `/`-separated paths relative to it, sorted. */
export async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The stdio server a bundle's manifest asks for, its `${…}` variables filled in. */
export interface LaunchConfig {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

// Runs in a child process: the package is an ES module, which the tests' CommonJS cannot require.
const LAUNCH_SCRIPT = `
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
const [packageUrl, folder, userConfig, home] = process.argv.slice(1);
const { getMcpConfigForManifest } = await import(packageUrl);
const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
const config = await getMcpConfigForManifest({ manifest, extensionPath: folder, systemDirs: { HOME: home }, userConfig: JSON.parse(userConfig), pathSeparator: sep });
process.stdout.write(JSON.stringify(config ?? null));
`;

/**
 * What Claude Desktop runs for the bundle unpacked in `folder` once the user entered
 * `userConfig`: computed by `getMcpConfigForManifest` of @anthropic-ai/mcpb, "the code used by
 * Claude for macOS and Windows to load and verify MCPB bundles" (the package's README). It fills
 * `${__dirname}` with the folder and `${user_config.KEY}` with the entered value or the manifest's
 * default; an argument whose value is missing or empty keeps its literal `${user_config.KEY}`.
 * Null when a required setting is missing (Claude Desktop then does not start the server).
 */
export async function claudeDesktopLaunch(folder: string, userConfig: Record<string, string>, home: string): Promise<LaunchConfig | null> {
  const packageUrl = pathToFileURL(join(MCPB_PACKAGE, 'dist/index.js')).href;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', LAUNCH_SCRIPT, packageUrl, folder, JSON.stringify(userConfig), home]);
  return JSON.parse(stdout) as LaunchConfig | null;
}

/**
 * The program and environment of `launch` as Claude Desktop starts it: `node` is the Node that
 * ships with Claude Desktop (here: the one running the tests), the environment the SDK's safe
 * defaults plus the manifest's `env`, then `environment`.
 */
export function toSpawnOptions(launch: LaunchConfig, environment: Record<string, string>): { command: string; args: string[]; env: Record<string, string> } {
  return { command: launch.command === 'node' ? process.execPath : launch.command, args: launch.args, env: { ...getDefaultEnvironment(), ...launch.env, ...environment } };
}

/** An MCP client connected over stdio to the server `launch` starts. */
export interface LaunchedClient {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
}

/** Starts `launch` (see {@link toSpawnOptions}) and connects the SDK's client to it (`initialize`). */
export async function connectToLaunch(launch: LaunchConfig, environment: Record<string, string>): Promise<LaunchedClient> {
  const transport = new StdioClientTransport({ ...toSpawnOptions(launch, environment), stderr: 'pipe' });
  let stderr = '';
  (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'claude-desktop-stand-in', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error: unknown) {
    await transport.close();
    throw new Error(`the bundle's server did not start (stderr: ${stderr})`, { cause: error });
  }
  return { client, stderr: () => stderr };
}
