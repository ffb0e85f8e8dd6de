// The one version a release carries, and where it is written. Obsidian installs a plugin from the
// GitHub release tagged exactly as manifest.json's version (x.y.z, no "v"); npm publishes the CLI
// under its package.json version; the engine reports ENGINE_VERSION. They must all be one number.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A release refused for a reason the person releasing can fix; its message says how. */
export class ReleaseError extends Error {
  name = 'ReleaseError';
}

/** Where ENGINE_VERSION is defined (read as text: the release script does not load TypeScript). */
export const ENGINE_VERSION_FILE = 'src/core/version.ts';

// Obsidian accepts x.y.z only; a pre-release suffix (1.2.0-beta.1) is for BRAT testers.
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** Reads `file` (relative to `root`) as text; a missing file is a ReleaseError. */
function readText(root, file) {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch (error) {
    throw new ReleaseError(`cannot read ${file}: ${error.message}`, { cause: error });
  }
}

/** Reads `file` (relative to `root`) as JSON; a missing or malformed file is a ReleaseError. */
function readJson(root, file) {
  const text = readText(root, file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ReleaseError(`${file} is not valid JSON: ${error.message}`, { cause: error });
  }
}

/** The value of `export const ENGINE_VERSION = '…'` in the engine's source. */
function readEngineVersion(root) {
  const source = readText(root, ENGINE_VERSION_FILE);
  const match = /export const ENGINE_VERSION = ['"]([^'"]+)['"]/.exec(source);
  if (match === null) throw new ReleaseError(`cannot find "export const ENGINE_VERSION = '…'" in ${ENGINE_VERSION_FILE}`);
  return match[1];
}

/** Every place that states the version: `[label, version]`, in the order the error lists them. */
export function readVersionSources(root) {
  return [
    ['package.json', readJson(root, 'package.json').version],
    ['packages/indx-mcp/package.json', readJson(root, 'packages/indx-mcp/package.json').version],
    ['manifest.json', readJson(root, 'manifest.json').version],
    [`${ENGINE_VERSION_FILE} (ENGINE_VERSION)`, readEngineVersion(root)],
  ];
}

/** Throws unless versions.json maps `version` to manifest.json's minAppVersion, as Obsidian reads it. */
function checkVersionsJson(root, version) {
  const versions = readJson(root, 'versions.json');
  const { minAppVersion } = readJson(root, 'manifest.json');
  if (!Object.hasOwn(versions, version)) throw new ReleaseError(`versions.json has no entry for ${version}: add "${version}": "${minAppVersion}" (manifest.json's minAppVersion)`);
  if (versions[version] !== minAppVersion) throw new ReleaseError(`versions.json maps ${version} to ${versions[version]}, but manifest.json's minAppVersion is ${minAppVersion}: make them equal`);
}

/**
 * The version of the release in `root`, once every source agrees on it, it has the x.y.z form
 * Obsidian requires, and versions.json has its entry; otherwise a ReleaseError naming each source.
 */
export function checkReleaseVersion(root) {
  const sources = readVersionSources(root);
  const distinct = new Set(sources.map(([, version]) => version));
  if (distinct.size !== 1) {
    const listing = sources.map(([label, version]) => `  ${label}: ${String(version)}`).join('\n');
    throw new ReleaseError(`the versions disagree:\n${listing}\nSet them all to the version you release (and add it to versions.json).`);
  }
  const [version] = distinct;
  if (typeof version !== 'string' || !VERSION_PATTERN.test(version)) throw new ReleaseError(`version ${String(version)} is not of the form x.y.z (optionally x.y.z-pre.N) that Obsidian and npm require`);
  checkVersionsJson(root, version);
  return version;
}
