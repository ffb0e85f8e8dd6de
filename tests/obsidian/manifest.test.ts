import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MINIMUM_NODE_MAJOR, findRuntimeProblem } from '../../src/hosts/obsidian/runtime-check';

const ROOT = resolve(__dirname, '../..');
const readJson = (name: string): unknown => JSON.parse(readFileSync(resolve(ROOT, name), 'utf8'));
const manifest = readJson('manifest.json') as Record<string, unknown>;
const versions = readJson('versions.json') as Record<string, unknown>;
const packageVersion = (readJson('package.json') as { version: string }).version;

const SEMVER = /^\d+\.\d+\.\d+$/;
/** Compares two x.y.z versions. */
const compare = (a: string, b: string): number => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let index = 0; index < 3; index += 1) if ((x[index] ?? 0) !== (y[index] ?? 0)) return (x[index] ?? 0) - (y[index] ?? 0);
  return 0;
};

// The community directory's checks (the obsidian-releases validation workflow, the submission
// requirements and eslint-plugin-obsidianmd's validate-manifest).
describe('manifest.json and versions.json follow the community plugin rules', () => {
  it('has exactly the required keys (and only allowed optional ones), with the right types', () => {
    for (const key of ['id', 'name', 'description', 'author', 'version', 'minAppVersion']) expect(typeof manifest[key]).toBe('string');
    expect(manifest.isDesktopOnly).toBe(true);
    const allowed = ['id', 'name', 'description', 'author', 'version', 'minAppVersion', 'isDesktopOnly', 'authorUrl', 'fundingUrl'];
    expect(Object.keys(manifest).filter((key) => !allowed.includes(key))).toEqual([]);
  });

  it('has the id indx: lowercase letters, digits and dashes, no "obsidian", not ending in "plugin"', () => {
    const id = manifest.id as string;
    expect(id).toBe('indx');
    expect(id).toMatch(/^[a-z0-9-]+$/);
    expect(id).not.toMatch(/obsidian/i);
    expect(id).not.toMatch(/plugin$/i);
  });

  it('has a name in basic Latin without "Obsidian" or "Plugin"', () => {
    const name = manifest.name as string;
    expect(name).toMatch(/^[A-Za-z0-9 +()-]+$/);
    expect(name).not.toMatch(/obsidian|plugin$|^obsi|dian$/i);
  });

  it('has a description of at most 250 characters that starts with a verb, ends with a period and names no "Obsidian" or "This plugin"', () => {
    const description = manifest.description as string;
    expect(description.length).toBeLessThanOrEqual(250);
    expect(description).toMatch(/[.?!)]$/);
    expect(description).not.toMatch(/obsidian|this plugin|plugin/i);
    expect(description).toMatch(/^(Serve|Serves)\b/);
    expect(description).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('carries the package version, and versions.json maps it to minAppVersion', () => {
    expect(manifest.version).toBe(packageVersion);
    expect(manifest.version).toMatch(SEMVER);
    expect(versions[packageVersion]).toBe(manifest.minAppVersion);
    for (const [pluginVersion, appVersion] of Object.entries(versions)) {
      expect(pluginVersion).toMatch(SEMVER);
      expect(appVersion).toMatch(SEMVER);
    }
  });

  // The APIs used need 1.6.6 (Vault#getAllFolders, FileManager#trashFile); the server needs Node.js
  // 20, which installers from 1.6.5 on ship. eslint's no-unsupported-api checks each call.
  it('asks for an app no older than the APIs and the Node.js the plugin needs', () => {
    expect(compare(manifest.minAppVersion as string, '1.6.6')).toBeGreaterThanOrEqual(0);
    expect(MINIMUM_NODE_MAJOR).toBe(20);
  });
});

describe('the runtime check', () => {
  it('accepts Node.js 20 and later', () => {
    expect(findRuntimeProblem({ node: '20.0.0', electron: '30.1.2' })).toBeNull();
    expect(findRuntimeProblem({ node: '22.12.0' })).toBeNull();
  });

  // An old installer keeps its Electron while the app updates itself (1.1.9 ships Node.js 16).
  it('refuses older Node.js with what to install', () => {
    const problem = findRuntimeProblem({ node: '18.18.2', electron: '28.2.3' });
    expect(problem).toContain('Node.js 18.18.2 (Electron 28.2.3)');
    expect(problem).toContain('1.6.5');
    expect(findRuntimeProblem({})).toContain('Node.js 0.0.0');
  });
});
