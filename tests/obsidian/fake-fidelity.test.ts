import { existsSync, promises as fs, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { waitFor } from '../helpers/temp-vault';
import { FIXTURES, loadCaptures } from '../metadata/golden-captures';
import { openFakeVault, settingsIn, type FakeVault } from './fake-app';
import globalObject from './fake/global-object';
import * as fake from './fake/obsidian';
import type { TAbstractFile, TFile, TFolder } from './fake/obsidian';
import type { SettingDefinitionLike } from './fake/setting-tab';

// The fake's fidelity to the app (tests/obsidian/fake/FIDELITY.md): its citations of
// obsidian.d.ts cannot rot unnoticed, the documented behaviours no other test pins are pinned
// here, and each behaviour the docs leave open has a "docs silent" test naming what we assumed.

const REPO = path.resolve(__dirname, '../..');
const TYPINGS = path.join(REPO, 'node_modules/obsidian/obsidian.d.ts');
const FIDELITY = path.join(__dirname, 'fake/FIDELITY.md');
const FAKE_FOLDER = path.join(__dirname, 'fake');

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The doc comments of obsidian.d.ts by declaration: `Vault`, `Vault.process`,
 * `Vault.on('create')`, `Notice.constructor`, `requestUrl`. Overloads keep one entry each.
 */
function readTypings(): Map<string, string[]> {
  const docs = new Map<string, string[]>();
  const add = (key: string, doc: string): void => void docs.set(key, [...(docs.get(key) ?? []), doc]);
  const strip = (lines: string[]): string => collapse(lines.map((line) => line.replace(/^\s*(\/\*\*|\*\/|\*)?/, '').replace('*/', '')).join(' '));
  let comment: string[] | null = null;
  let pending = '';
  let owner: string | null = null;
  for (const line of readFileSync(TYPINGS, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (comment !== null) {
      comment.push(line);
      if (trimmed.includes('*/')) [pending, comment] = [strip(comment), null];
      continue;
    }
    if (trimmed.startsWith('/**')) {
      if (trimmed.includes('*/')) pending = strip([line]);
      else comment = [line];
      continue;
    }
    if (trimmed === '') continue;
    const declaration = /^export (?:declare )?(?:abstract )?(class|interface|function|let|const|type) (\w+)/.exec(line);
    const member = owner === null ? null : /^ {4}(?:(?:static|abstract|readonly|protected|private) )*(?:on\(name: '([\w-]+)'|(\w+))/.exec(line);
    if (declaration !== null) {
      add(declaration[2] as string, pending);
      owner = declaration[1] === 'class' || declaration[1] === 'interface' ? (declaration[2] as string) : null;
    } else if (line.startsWith('}')) owner = null;
    else if (member !== null) add(member[1] === undefined ? `${owner}.${member[2]}` : `${owner}.on('${member[1]}')`, pending);
    pending = '';
  }
  return docs;
}

/** A citation of the typings: the member named, and the words quoted from its doc comment. */
interface Citation {
  where: string;
  member: string;
  quotes: string[];
}

function quotesIn(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"/g)].map((match) => collapse(match[1] as string));
}

/** FIDELITY.md's citations: d.ts `Member` "quote" "quote"… */
function fidelityCitations(): Citation[] {
  const text = readFileSync(FIDELITY, 'utf8');
  return [...text.matchAll(/d\.ts `([^`]+)`((?:\s*"[^"]*")*)/g)].map((match) => ({ where: 'FIDELITY.md', member: match[1] as string, quotes: quotesIn(match[2] as string) }));
}

/** The fake's citations in its comments: obsidian.d.ts Member: "quote" (, and "quote")… */
function sourceCitations(): Citation[] {
  return readdirSync(FAKE_FOLDER)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => {
      const lines = readFileSync(path.join(FAKE_FOLDER, name), 'utf8').split('\n');
      const text = collapse(lines.map((line) => line.replace(/^\s*(\/\*\*|\*\/|\*|\/\/)/, '')).join(' '));
      return [...text.matchAll(/obsidian\.d\.ts (\S+?): ((?:"[^"]+"(?:[\s,;]|and |or )*)+)/g)].map((match) => ({ where: name, member: match[1] as string, quotes: quotesIn(match[2] as string) }));
    });
}

/** The citations whose member is missing from the typings, or whose quotes its doc comment lacks. */
function brokenCitations(citations: Citation[], docs: Map<string, string[]>): string[] {
  return citations.flatMap(({ where, member, quotes }) => {
    const found = docs.get(member);
    if (found === undefined) return [`${where}: obsidian.d.ts has no ${member}`];
    return quotes.filter((quote) => !found.some((doc) => doc.includes(quote))).map((quote) => `${where}: ${member}'s doc comment does not say "${quote}"`);
  });
}

describe('FIDELITY.md and the fake cite obsidian.d.ts faithfully', () => {
  const docs = readTypings();

  it('reads the typings: classes, members, events and functions, with their doc comments', () => {
    expect(docs.get('Vault.process')?.[0]).toContain('Atomically read, modify, and save the contents of a note.');
    expect(docs.get("Vault.on('create')")?.[0]).toContain('Called when a file is created.');
    expect(docs.get('RequestUrlParam.throw')?.[0]).toContain('Defaults to true');
    expect(docs.has('normalizePath')).toBe(true);
    expect(docs.has('Vault.nonexistent')).toBe(false);
  });

  it('every member FIDELITY.md cites exists in obsidian.d.ts, and says what is quoted', () => {
    const citations = fidelityCitations();
    expect(citations.length).toBeGreaterThan(60);
    expect(brokenCitations(citations, docs)).toEqual([]);
  });

  it('every obsidian.d.ts citation in the fake’s comments names a member that exists and quotes it exactly', () => {
    const citations = sourceCitations();
    expect(citations.length).toBeGreaterThan(40);
    expect(brokenCitations(citations, docs)).toEqual([]);
  });

  it('FIDELITY.md was checked against the installed obsidian package', () => {
    const { version } = JSON.parse(readFileSync(path.join(REPO, 'node_modules/obsidian/package.json'), 'utf8')) as { version: string };
    expect(readFileSync(FIDELITY, 'utf8')).toContain(`**obsidian ${version}**`);
  });

  it('every capture FIDELITY.md cites holds the field it names', () => {
    const cited = [...readFileSync(FIDELITY, 'utf8').matchAll(/capture `([^`]+)` field `(\w+)`/g)].map((match) => ({ files: match[1] as string, field: match[2] as string }));
    expect(cited.length).toBeGreaterThan(1);
    for (const { files, field } of cited) {
      expect(path.resolve(REPO, path.dirname(files))).toBe(FIXTURES);
      const captures = readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));
      expect(captures.length).toBeGreaterThan(40);
      for (const name of captures) expect(Object.keys(JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as object)).toContain(field);
    }
  });

  it('every assumption in FIDELITY.md has its "docs silent" test here, and every such test its assumption', () => {
    const fidelity = readFileSync(FIDELITY, 'utf8');
    const listed = [...fidelity.matchAll(/^- \*\*(A\d+)\*\*/gm)].map((match) => match[1] as string);
    const inTable = new Set([...fidelity.matchAll(/\[(A\d+)\]/g)].map((match) => match[1] as string));
    const tested = [...readFileSync(__filename, 'utf8').matchAll(/it\('docs silent: [^'\n]+ — we assume [^'\n]+ \[(A\d+)\]'/g)].map((match) => match[1] as string);
    expect(listed.length).toBeGreaterThan(30);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...tested].sort()).toEqual([...listed].sort());
    expect([...inTable].filter((id) => !listed.includes(id))).toEqual([]);
  });
});

/** The vault's file at `filePath`; fails when there is none. */
function fileAt(vault: FakeVault, filePath: string): TFile {
  const file = vault.app.vault.getFileByPath(filePath);
  if (file === null) throw new Error(`no file at ${filePath}`);
  return file;
}

function folderAt(vault: FakeVault, folderPath: string): TFolder {
  const folder = vault.app.vault.getFolderByPath(folderPath);
  if (folder === null) throw new Error(`no folder at ${folderPath}`);
  return folder;
}

/**
 * The fake vault's own `delete` and `trash`, which some tests here pin. Plugin code must use
 * `FileManager.trashFile`, and the lint rule that says so (obsidianmd/prefer-file-manager-trash-file,
 * which may not be disabled inline) goes by the receiver's type name: this view of the same
 * object has none, so the tests can call the methods under test.
 */
function vaultItself(vault: FakeVault): { delete(entry: TAbstractFile): Promise<void>; trash(entry: TAbstractFile, system: boolean): Promise<void> } {
  return vault.app.vault;
}

/** Records the vault's events as `<event> <path>` (`rename <path> <old path>`). */
function recordVault(vault: FakeVault, log: string[] = []): string[] {
  for (const name of ['create', 'modify', 'delete'] as const) vault.app.vault.on(name, (entry: TAbstractFile) => log.push(`${name} ${entry.path}`));
  vault.app.vault.on('rename', (entry: TAbstractFile, oldPath: string) => log.push(`rename ${entry.path} ${oldPath}`));
  return log;
}

const manifest = (dir?: string): fake.PluginManifest => ({ id: 'sample', name: 'Sample', version: '1.0.0', minAppVersion: '1.0.0', ...(dir === undefined ? {} : { dir }) });

describe('the fake app', () => {
  let vault: FakeVault | null = null;

  async function open(files: Record<string, string | Uint8Array>, options: Parameters<typeof openFakeVault>[1] = {}): Promise<FakeVault> {
    vault = await openFakeVault(files, options);
    return vault;
  }

  afterEach(async () => {
    await vault?.dispose();
    vault = null;
  });

  describe('Vault, as obsidian.d.ts documents it', () => {
    it('process: atomic (concurrent edits of one note both land), returns the text written, and a throwing fn writes nothing', async () => {
      const v = await open({ 'A.md': 'one\n' });
      const log = recordVault(v);
      const file = fileAt(v, 'A.md');
      const written = await Promise.all([v.app.vault.process(file, (text) => `${text}two\n`), v.app.vault.process(file, (text) => `${text}three\n`)]);
      // Either may run first; neither loses the other's line, and each resolves with what it wrote.
      const [first, last] = [...written].sort((x, y) => x.length - y.length) as [string, string];
      expect(['one\ntwo\n', 'one\nthree\n']).toContain(first);
      expect(last.startsWith(first)).toBe(true);
      expect(last.split('\n').sort()).toEqual(['', 'one', 'three', 'two']);
      expect(await fs.readFile(path.join(v.root, 'A.md'), 'utf8')).toBe(last);
      const refusal = new Error('no');
      await expect(
        v.app.vault.process(file, () => {
          throw refusal;
        }),
      ).rejects.toBe(refusal);
      expect(await v.app.vault.read(file)).toBe(last);
      expect(log).toEqual(['modify A.md', 'modify A.md']);
    });

    it('create, modify, rename (with the old path) and delete fire their events', async () => {
      const v = await open({ 'Notes/A.md': 'a' });
      const log = recordVault(v);
      const created = await v.app.vault.create('Notes/B.md', 'b');
      await v.app.vault.modify(created, 'b2');
      await v.app.vault.rename(created, 'Notes/C.md');
      await v.app.fileManager.trashFile(created);
      await v.app.vault.createFolder('Empty');
      expect(log).toEqual(['create Notes/B.md', 'modify Notes/B.md', 'rename Notes/C.md Notes/B.md', 'delete Notes/C.md', 'create Empty']);
    });

    it('readBinary gives the bytes; createBinary makes a file (refusing an existing one) and modifyBinary replaces its bytes, each firing its event', async () => {
      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0d, 0x0a]);
      const v = await open({ 'img/old.png': bytes });
      const log = recordVault(v);
      expect(new Uint8Array(await v.app.vault.readBinary(fileAt(v, 'img/old.png')))).toEqual(bytes);
      const created = await v.app.vault.createBinary('img/new.png', bytes.slice(0, 4).buffer);
      await expect(v.app.vault.createBinary('img/new.png', bytes.buffer)).rejects.toThrow('already exists');
      await v.app.vault.modifyBinary(created, bytes.slice().reverse().buffer);
      expect(new Uint8Array(await fs.readFile(path.join(v.root, 'img/new.png')))).toEqual(bytes.slice().reverse());
      expect(created.stat.size).toBe(bytes.length);
      expect(log).toEqual(['create img/new.png', 'modify img/new.png']);
    });

    it('rename moves the file and leaves links to it alone (FileManager.renameFile would rewrite them)', async () => {
      const v = await open({ 'A.md': 'See [[B]].\n', 'B.md': 'b' });
      await v.app.vault.rename(fileAt(v, 'B.md'), 'C.md');
      expect(await v.app.vault.read(fileAt(v, 'A.md'))).toBe('See [[B]].\n');
      expect(v.app.vault.getFileByPath('B.md')).toBeNull();
      expect(existsSync(path.join(v.root, 'C.md'))).toBe(true);
    });

    it('delete removes completely; trash moves to .trash/, with or without the system trash asked for', async () => {
      const v = await open({ 'Gone.md': 'g', 'Folder/In.md': 'i', 'Local.md': 'l', 'System.md': 's' });
      await vaultItself(v).delete(fileAt(v, 'Gone.md'));
      await vaultItself(v).delete(folderAt(v, 'Folder'));
      expect(existsSync(path.join(v.root, 'Gone.md'))).toBe(false);
      expect(existsSync(path.join(v.root, 'Folder'))).toBe(false);
      expect(existsSync(path.join(v.root, '.trash'))).toBe(false);
      await vaultItself(v).trash(fileAt(v, 'Local.md'), false);
      await vaultItself(v).trash(fileAt(v, 'System.md'), true);
      expect(readdirSync(path.join(v.root, '.trash')).sort()).toEqual(['Local.md', 'System.md']);
      expect(v.app.vault.getFiles()).toEqual([]);
    });

    it('a lookup answers null for a missing path or the other kind; getAllFolders gives the root only when asked; getAllLoadedFiles includes it', async () => {
      const v = await open({ 'Notes/A.md': 'a' });
      expect(v.app.vault.getFileByPath('Notes')).toBeNull();
      expect(v.app.vault.getFolderByPath('Notes/A.md')).toBeNull();
      expect(v.app.vault.getFileByPath('Nope.md')).toBeNull();
      expect(v.app.vault.getAllFolders().map((folder) => folder.path)).toEqual(['Notes']);
      expect(v.app.vault.getAllFolders(true).map((folder) => folder.path)).toEqual(['/', 'Notes']);
      expect(v.app.vault.getAllLoadedFiles().map((entry) => entry.path)).toEqual(['/', 'Notes', 'Notes/A.md']);
      expect(v.app.vault.getAbstractFileByPath('notes/a.md')).toBeNull();
    });

    it('the config folder may have another name than .obsidian', async () => {
      const v = await open({ 'A.md': 'a', '.config/app.json': '{}' }, { configDir: '.config' });
      expect(v.app.vault.configDir).toBe('.config');
      expect(await v.app.install(manifest())).toBe(path.join(v.root, '.config', 'plugins', 'sample'));
    });

    it('the first load fires create for every existing file to handlers registered before the layout is ready, and to none registered in onLayoutReady', async () => {
      const v = await open({ 'A.md': 'a', 'Notes/B.md': 'b' }, { layoutReady: false });
      const early = recordVault(v);
      const late: string[] = [];
      v.app.workspace.onLayoutReady(() => recordVault(v, late));
      v.app.workspace.setLayoutReady();
      expect([...early].sort()).toEqual(['create A.md', 'create Notes', 'create Notes/B.md']);
      await v.app.vault.create('C.md', 'c');
      expect(late).toEqual(['create C.md']);
      expect(early).toHaveLength(4);
    });
  });

  describe('MetadataCache, as obsidian.d.ts documents it, and as the captures show', () => {
    it('changed fires once the note is indexed, with its text and new cache; resolved follows', async () => {
      const v = await open({ 'A.md': '# One\n' }, { metadataDelayMs: 50 });
      const log = recordVault(v);
      v.app.metadataCache.on('changed', (file: TFile, data: string, cache: { headings?: { heading: string }[] }) => log.push(`changed ${file.path} ${JSON.stringify(data)} ${cache.headings?.[0]?.heading}`));
      v.app.metadataCache.on('resolved', () => log.push('resolved'));
      const file = fileAt(v, 'A.md');
      await v.app.vault.modify(file, '# Two\n');
      expect(v.app.metadataCache.getFileCache(file)?.headings?.[0]?.heading).toBe('One');
      await waitFor(() => log.includes('resolved'));
      expect(log).toEqual(['modify A.md', 'changed A.md "# Two\\n" Two', 'resolved']);
      expect(v.app.metadataCache.getFileCache(file)?.headings?.[0]?.heading).toBe('Two');
    });

    it('a rename re-keys the cache without changed; deleted carries the previous cache', async () => {
      const v = await open({ 'A.md': '# One\n' });
      const log: string[] = [];
      v.app.metadataCache.on('changed', (file: TFile) => log.push(`changed ${file.path}`));
      v.app.metadataCache.on('deleted', (file: TFile, previous: { headings?: { heading: string }[] } | null) => log.push(`deleted ${file.path} ${previous?.headings?.[0]?.heading}`));
      const file = fileAt(v, 'A.md');
      await v.app.vault.rename(file, 'B.md');
      await delay(50);
      expect(v.app.metadataCache.getCache('B.md')?.headings?.[0]?.heading).toBe('One');
      expect(v.app.metadataCache.getCache('A.md')).toBeNull();
      await v.app.fileManager.trashFile(file);
      expect(log).toEqual(['deleted B.md One']);
    });

    it('link maps: each source to its destinations with counts, resolved and unresolved apart', async () => {
      const v = await open({ 'A.md': '[[B]] [[B]] [[Missing]]\n', 'B.md': 'b' });
      expect(v.app.metadataCache.resolvedLinks['A.md']).toEqual({ 'B.md': 2 });
      expect(v.app.metadataCache.unresolvedLinks['A.md']).toEqual({ Missing: 1 });
    });

    it('getFileCache and getFirstLinkpathDest answer what the real app answered for every capture', async () => {
      const captures = loadCaptures();
      const captured = new Set(captures.map((capture) => capture.filePath));
      const targets = captures.flatMap((capture) => Object.values(capture.resolveLinkToPath)).filter((target): target is string => target !== null && !captured.has(target));
      // Link targets the captures do not hold existed in the captured vault: only their existence matters.
      const v = await open({ ...Object.fromEntries(targets.map((target) => [target, ''])), ...Object.fromEntries(captures.map((capture) => [capture.filePath, capture.fileContents])) });
      const mismatches: string[] = [];
      let links = 0;
      for (const capture of captures) {
        const cache = v.app.metadataCache.getFileCache(fileAt(v, capture.filePath));
        if (!isDeepStrictEqual(cache, capture.cachedMetadata)) mismatches.push(`${capture.name}: getFileCache differs`);
        for (const [linktext, target] of Object.entries(capture.resolveLinkToPath)) {
          // getFirstLinkpathDest takes a linkpath: the text before any `#`. A bare `#heading`
          // names the note itself, which callers resolve without asking the cache.
          const linkpath = linktext.split('#')[0] as string;
          if (linkpath === '') continue;
          links += 1;
          const found = v.app.metadataCache.getFirstLinkpathDest(linkpath, capture.filePath)?.path ?? null;
          if (found !== target) mismatches.push(`${capture.name}: [${linktext}] → ${found}, the app chose ${target}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(links).toBeGreaterThan(25);
    });
  });

  describe('FileManager, Workspace and App, as obsidian.d.ts documents them', () => {
    it.each([
      ['local', true],
      ['system', true],
      ['none', false],
    ] as const)('trashFile follows the "Deleted files" setting: %s → in .trash/: %s', async (trashOption, inTrash) => {
      const v = await open({ 'A.md': 'a', 'Folder/B.md': 'b' }, { trashOption });
      await v.app.fileManager.trashFile(fileAt(v, 'A.md'));
      await v.app.fileManager.trashFile(folderAt(v, 'Folder'));
      expect(existsSync(path.join(v.root, 'A.md'))).toBe(false);
      expect(existsSync(path.join(v.root, '.trash', 'A.md'))).toBe(inTrash);
      expect(existsSync(path.join(v.root, '.trash', 'Folder', 'B.md'))).toBe(inTrash);
      expect(v.app.vault.getAllLoadedFiles().map((entry) => entry.path)).toEqual(['/']);
    });

    it('onLayoutReady queues callbacks until the layout is ready, then runs them in order; once ready, it runs one at once', async () => {
      const v = await open({}, { layoutReady: false });
      const log: string[] = [];
      v.app.workspace.onLayoutReady(() => log.push('first'));
      v.app.workspace.onLayoutReady(() => log.push('second'));
      expect(log).toEqual([]);
      expect(v.app.workspace.layoutReady).toBe(false);
      v.app.workspace.setLayoutReady();
      expect(v.app.workspace.layoutReady).toBe(true);
      v.app.workspace.onLayoutReady(() => log.push('at once'));
      expect(log).toEqual(['first', 'second', 'at once']);
    });

    it('getActiveFile gives the file shown, null when none is', async () => {
      const v = await open({ 'A.md': 'a' });
      expect(v.app.workspace.getActiveFile()).toBeNull();
      v.app.workspace.setActiveFile(fileAt(v, 'A.md'));
      expect(v.app.workspace.getActiveFile()).toBe(fileAt(v, 'A.md'));
    });

    it('local storage keeps what is saved as JSON (a copy comes back); saving null clears the entry', async () => {
      const v = await open({});
      const saved = { list: [1] };
      v.app.saveLocalStorage('key', saved);
      saved.list.push(2);
      expect(v.app.loadLocalStorage('key')).toEqual({ list: [1] });
      expect(v.app.loadLocalStorage('key')).not.toBe(v.app.loadLocalStorage('key'));
      v.app.saveLocalStorage('key', null);
      expect(v.app.loadLocalStorage('key')).toBeNull();
      expect(v.app.loadLocalStorage('never')).toBeNull();
    });

    it('secret storage: from app 1.11.4 on; ids of lowercase letters, digits and dashes; null for a missing secret; ids listed', async () => {
      const restore = fake.setApiVersion('1.11.3');
      try {
        const old = await open({});
        expect(old.app.secretStorage).toBeUndefined();
        await old.dispose();
        vault = null;
      } finally {
        restore();
      }
      const v = await open({});
      const secrets = v.app.secretStorage as fake.SecretStorage;
      for (const bad of ['Upper', 'under_score', 'has space', '']) expect(() => secrets.setSecret(bad, 'x')).toThrow();
      secrets.setSecret('key-2', 'value');
      expect(secrets.getSecret('key-2')).toBe('value');
      expect(secrets.getSecret('missing')).toBeNull();
      expect(secrets.listSecrets()).toEqual(['key-2']);
    });

    it('the palette offers a checkCallback command only when it says true, runs it with false, and prefers it to callback', async () => {
      const v = await open({});
      const calls: string[] = [];
      let possible = false;
      const checkCallback = (checking: boolean): boolean => {
        calls.push(`check ${checking}`);
        return possible;
      };
      v.app.commands.add({ id: 'p:check', name: 'P: check', checkCallback, callback: () => calls.push('callback') });
      expect(v.app.commands.isAvailable('p:check')).toBe(false);
      expect(v.app.commands.run('p:check')).toBe(false);
      possible = true;
      expect(v.app.commands.run('p:check')).toBe(true);
      expect(calls).toEqual(['check true', 'check true', 'check true', 'check false']);
    });

    it('settings tabs (1.13): adding one asks for its definitions; each display asks again; display() draws only a tab without definitions', async () => {
      const v = await open({});
      class Tab extends fake.PluginSettingTab {
        asked = 0;
        displayed = 0;
        constructor(private readonly definitions: SettingDefinitionLike[]) {
          super(v.app, { manifest: { id: 'sample', name: 'Sample' } });
        }
        override getSettingDefinitions(): SettingDefinitionLike[] {
          this.asked += 1;
          return this.definitions;
        }
        override display(): void {
          this.displayed += 1;
        }
      }
      const declarative = new Tab([{ name: 'Row', render: (setting) => setting.setDesc('Drawn') }]);
      const imperative = new Tab([]);
      v.app.setting.addTab(declarative);
      v.app.setting.addTab(imperative);
      expect([declarative.asked, imperative.asked]).toEqual([1, 1]);
      expect(declarative.settingItems).toHaveLength(1);
      v.app.setting.open(declarative);
      expect([declarative.asked, declarative.displayed]).toEqual([2, 0]);
      expect(settingsIn(declarative.containerEl).map((setting) => setting.descEl.textContent)).toEqual(['Drawn']);
      v.app.setting.open(imperative);
      expect([imperative.asked, imperative.displayed]).toEqual([2, 1]);
    });
  });

  describe('Component and Plugin, as obsidian.d.ts documents them', () => {
    class Recorder extends fake.Component {
      constructor(
        readonly name: string,
        readonly log: string[],
      ) {
        super();
      }
      override onload(): void {
        this.log.push(`load ${this.name}`);
      }
      override onunload(): void {
        this.log.push(`unload ${this.name}`);
      }
    }

    it('load loads children after onload; a child added to a loaded component loads; a removed one unloads; unload releases events, DOM listeners, intervals and callbacks', async () => {
      fake.installAppGlobals();
      const log: string[] = [];
      const parent = new Recorder('parent', log);
      parent.addChild(new Recorder('early child', log));
      parent.load();
      parent.load();
      const late = parent.addChild(new Recorder('late child', log));
      const removed = parent.addChild(new Recorder('removed child', log));
      parent.removeChild(removed);
      expect(log).toEqual(['load parent', 'load early child', 'load late child', 'load removed child', 'unload removed child']);
      const events = new fake.Events();
      parent.registerEvent(events.on('ping', () => log.push('ping')));
      const element = new fake.FakeElement('div');
      parent.registerDomEvent(element, 'click', () => void log.push('click'));
      let ticks = 0;
      parent.registerInterval(window.setInterval(() => (ticks += 1), 5));
      parent.register(() => log.push('callback'));
      parent.unload();
      expect(log.slice(5)).toEqual(['unload early child', 'unload late child', 'callback', 'unload parent']);
      expect(late).toBeInstanceOf(Recorder);
      events.trigger('ping');
      element.dispatch('click');
      const stopped = ticks;
      await delay(30);
      expect(ticks).toBe(stopped);
      expect(log).not.toContain('ping');
      expect(log).not.toContain('click');
    });

    it('a plugin’s commands are prefixed with its id and name and removed when it unloads', async () => {
      const v = await open({});
      const plugin = new fake.Plugin(v.app, manifest());
      await v.app.enable(plugin);
      const command = plugin.addCommand({ id: 'go', name: 'Go', callback: () => undefined });
      expect(command).toMatchObject({ id: 'sample:go', name: 'Sample: Go' });
      expect(v.app.commands.isAvailable('sample:go')).toBe(true);
      v.app.disable(plugin);
      expect(v.app.commands.commands.size).toBe(0);
    });

    it('settings data lives in data.json in the plugin folder the manifest names, else <configDir>/plugins/<id>', async () => {
      const v = await open({});
      const named = new fake.Plugin(v.app, manifest('.obsidian/plugins/renamed'));
      await named.saveData({ a: 1 });
      expect(JSON.parse(await fs.readFile(path.join(v.root, '.obsidian/plugins/renamed/data.json'), 'utf8'))).toEqual({ a: 1 });
      expect(await named.loadData()).toEqual({ a: 1 });
      const unnamed = new fake.Plugin(v.app, manifest());
      await unnamed.saveData({ b: 2 });
      expect(existsSync(path.join(v.root, '.obsidian/plugins/sample/data.json'))).toBe(true);
    });
  });

  describe('requestUrl, as obsidian.d.ts documents it', () => {
    let server: Server;
    let url: string;

    beforeAll(async () => {
      server = createServer((request: IncomingMessage, response: ServerResponse) => {
        const status = /^\/status\/(\d+)$/.exec(request.url ?? '');
        if (status !== null) {
          response.writeHead(Number(status[1]), { 'content-type': 'application/json' });
          return void response.end('{"error":"nope"}');
        }
        if (request.url === '/text') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('plain words');
        response.writeHead(200, { 'Content-Type': 'application/json', 'X-Answer': 'Echo' });
        response.end(JSON.stringify({ headers: request.headers }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('a status of 400 or more rejects by default (throw defaults to true), and resolves as a response with throw: false', async () => {
      await expect(fake.requestUrl(`${url}/status/404`)).rejects.toThrow();
      await expect(fake.requestUrl({ url: `${url}/status/500`, method: 'POST', body: '{}' })).rejects.toThrow();
      const answer = await fake.requestUrl({ url: `${url}/status/404`, throw: false });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ error: 'nope' });
      expect(await fake.requestUrl(`${url}/status/399`).text).toBe('{"error":"nope"}');
    });

    it('the promise has json, text and arrayBuffer promises of the response’s parts', async () => {
      const pending = fake.requestUrl(`${url}/echo`);
      expect(await pending.json).toMatchObject({ headers: { host: expect.any(String) as string } });
      expect(JSON.parse(await pending.text)).toMatchObject({ headers: {} });
      expect((await pending.arrayBuffer).byteLength).toBeGreaterThan(0);
    });
  });

  describe('other exports, as obsidian.d.ts documents them', () => {
    it('requireApiVersion: true when the app is at least the version asked for; apiVersion is the app played', () => {
      expect(fake.apiVersion).toBe('1.13.1');
      const restore = fake.setApiVersion('1.12.0');
      try {
        expect(fake.requireApiVersion('1.12')).toBe(true);
        expect(fake.requireApiVersion('1.12.0')).toBe(true);
        expect(fake.requireApiVersion('1.11.9')).toBe(true);
        expect(fake.requireApiVersion('1.12.1')).toBe(false);
      } finally {
        restore();
      }
    });

    it('MarkdownRenderer.render appends to the element (what was there stays)', async () => {
      const element = new fake.FakeElement('div');
      element.createEl('p', { text: 'Before' });
      const owner = new fake.Component();
      await fake.MarkdownRenderer.render({}, 'after', element, 'A.md', owner);
      expect(element.children.map((child) => child.textContent)).toEqual(['Before', 'after']);
    });
  });

  describe('where the docs are silent', () => {
    it('docs silent: hidden files and folders — we assume the vault holds none of them, at any depth [A1]', async () => {
      const v = await open({ 'Notes/A.md': 'a', 'Notes/.draft.md': 'd', '.obsidian/app.json': '{}', '.trash/old.md': 'o', '.hidden/x.md': 'x' });
      expect(v.app.vault.getAllLoadedFiles().map((entry) => entry.path)).toEqual(['/', 'Notes', 'Notes/A.md']);
      for (const hidden of ['Notes/.draft.md', '.obsidian', '.obsidian/app.json', '.trash/old.md', '.hidden']) expect(v.app.vault.getAbstractFileByPath(hidden)).toBeNull();
    });

    it('docs silent: the path getAbstractFileByPath takes — we assume it is used as given, and "/" is the root [A2]', async () => {
      const v = await open({ 'Notes/A.md': 'a' });
      expect(v.app.vault.getAbstractFileByPath('/')).toBe(v.app.vault.getRoot());
      expect(v.app.vault.getAbstractFileByPath('Notes')?.path).toBe('Notes');
      for (const unnormalised of ['Notes/', '/Notes', 'Notes//A.md', './Notes/A.md']) expect(v.app.vault.getAbstractFileByPath(unnormalised)).toBeNull();
    });

    it('docs silent: how read decodes — we assume as Node’s utf8: a BOM stays, bytes that are not UTF-8 become U+FFFD [A3]', async () => {
      const v = await open({ 'Bom.md': '\uFEFF# Bom\n', 'Latin.md': Buffer.from('caf\xe9\n', 'latin1') });
      expect(await v.app.vault.read(fileAt(v, 'Bom.md'))).toBe('\uFEFF# Bom\n');
      expect(await v.app.vault.read(fileAt(v, 'Latin.md'))).toBe('caf\uFFFD\n');
    });

    it('docs silent: whether cachedRead can be stale — we assume never: it reads the disk like read [A4]', async () => {
      const v = await open({ 'A.md': 'old' });
      await fs.writeFile(path.join(v.root, 'A.md'), 'new');
      expect(await v.app.vault.cachedRead(fileAt(v, 'A.md'))).toBe('new');
    });

    it('docs silent: create over an existing path or in a missing folder — we assume both reject, and the path is normalised [A5]', async () => {
      const v = await open({ 'A.md': 'a' });
      await expect(v.app.vault.create('A.md', 'x')).rejects.toThrow('File already exists.');
      await expect(v.app.vault.create('Missing/B.md', 'x')).rejects.toThrow(/ENOENT/);
      await expect(v.app.vault.createFolder('Missing/Inner')).rejects.toThrow(/ENOENT/);
      await expect(v.app.vault.createBinary('Missing/pic.png', new ArrayBuffer(1))).rejects.toThrow(/ENOENT/);
      expect((await v.app.vault.create('//C.md/', 'c')).path).toBe('C.md');
    });

    it('docs silent: writing the text a note already has — we assume nothing is written and no modify fires [A6]', async () => {
      const v = await open({ 'A.md': 'same' });
      const log = recordVault(v);
      const file = fileAt(v, 'A.md');
      const before = (await fs.stat(path.join(v.root, 'A.md'))).mtimeMs;
      await delay(20);
      await v.app.vault.modify(file, 'same');
      expect(await v.app.vault.process(file, (text) => text)).toBe('same');
      expect(log).toEqual([]);
      expect((await fs.stat(path.join(v.root, 'A.md'))).mtimeMs).toBe(before);
    });

    it('docs silent: rename onto an existing path or into a missing folder — we assume both reject [A7]', async () => {
      const v = await open({ 'A.md': 'a', 'B.md': 'b' });
      await expect(v.app.vault.rename(fileAt(v, 'A.md'), 'B.md')).rejects.toThrow('Destination file already exists!');
      await expect(v.app.vault.rename(fileAt(v, 'A.md'), 'Missing/A.md')).rejects.toThrow(/ENOENT/);
      expect(await v.app.vault.read(fileAt(v, 'A.md'))).toBe('a');
    });

    it('docs silent: events of a folder rename — we assume one rename per entry, the folder first, each with its old path, all re-keyed before the first [A8]', async () => {
      const v = await open({ 'Folder/B.md': 'b', 'Folder/Sub/C.md': 'c', 'Archive/.keep': '' });
      const log: string[] = [];
      v.app.vault.on('rename', (entry: TAbstractFile, oldPath: string) => log.push(`${entry.path} ${oldPath} ${v.app.vault.getAbstractFileByPath('Archive/Folder/Sub/C.md') === null ? 'stale' : 're-keyed'}`));
      await v.app.vault.rename(folderAt(v, 'Folder'), 'Archive/Folder');
      expect(log).toEqual(['Archive/Folder Folder re-keyed', 'Archive/Folder/Sub Folder/Sub re-keyed', 'Archive/Folder/Sub/C.md Folder/Sub/C.md re-keyed', 'Archive/Folder/B.md Folder/B.md re-keyed']);
    });

    it('docs silent: the object after a rename — we assume the same TFile, its path, names and parent updated in place [A9]', async () => {
      const v = await open({ 'Notes/a.md': 'a', 'Other/.keep': '' });
      const file = fileAt(v, 'Notes/a.md');
      await v.app.vault.rename(file, 'Other/b.txt');
      expect(v.app.vault.getFileByPath('Other/b.txt')).toBe(file);
      expect([file.path, file.name, file.basename, file.extension, file.parent?.path]).toEqual(['Other/b.txt', 'b.txt', 'b', 'txt', 'Other']);
      expect(folderAt(v, 'Notes').children).toEqual([]);
      expect(folderAt(v, 'Other').children).toEqual([file]);
    });

    it('docs silent: delete without force of a folder with hidden children — we assume it goes whole [A10]', async () => {
      const v = await open({ 'Folder/A.md': 'a', 'Folder/.hidden': 'h' });
      await vaultItself(v).delete(folderAt(v, 'Folder'));
      expect(existsSync(path.join(v.root, 'Folder'))).toBe(false);
    });

    it('docs silent: the order of delete events for a folder — we assume children before their folder [A11]', async () => {
      const v = await open({ 'Folder/B.md': 'b', 'Folder/Sub/C.md': 'c' }, { trashOption: 'local' });
      const log = recordVault(v);
      await v.app.fileManager.trashFile(folderAt(v, 'Folder'));
      expect(log).toEqual(['delete Folder/B.md', 'delete Folder/Sub/C.md', 'delete Folder/Sub', 'delete Folder']);
    });

    it('docs silent: what the first load announces, and when — we assume folders and files, parents first, all before the layout-ready callbacks [A12]', async () => {
      const v = await open({ 'A.md': 'a', 'Notes/Sub/B.md': 'b' }, { layoutReady: false });
      const log = recordVault(v);
      v.app.workspace.onLayoutReady(() => log.push('layout ready'));
      v.app.workspace.setLayoutReady();
      expect(log.indexOf('create Notes')).toBeLessThan(log.indexOf('create Notes/Sub'));
      expect(log.indexOf('create Notes/Sub')).toBeLessThan(log.indexOf('create Notes/Sub/B.md'));
      expect(log.at(-1)).toBe('layout ready');
      expect(log).toHaveLength(5);
    });

    it('docs silent: when vault events fire — we assume during the operation, before its promise resolves [A13]', async () => {
      const v = await open({ 'A.md': 'a' });
      const log = recordVault(v);
      const created = await v.app.vault.create('B.md', 'b');
      log.push('created');
      await v.app.vault.modify(created, 'b2');
      log.push('modified');
      await v.app.vault.rename(created, 'C.md');
      log.push('renamed');
      await v.app.fileManager.trashFile(created);
      log.push('deleted');
      expect(log).toEqual(['create B.md', 'created', 'modify B.md', 'modified', 'rename C.md B.md', 'renamed', 'delete C.md', 'deleted']);
    });

    it('docs silent: when changed fires for a write — we assume after modify and after the write resolves, or before it with indexDuringWrite [A14]', async () => {
      const v = await open({ 'A.md': '# A\n' });
      const log = recordVault(v);
      v.app.metadataCache.on('changed', (file: TFile) => log.push(`changed ${file.path}`));
      await v.app.vault.modify(fileAt(v, 'A.md'), '# A2\n');
      log.push('written');
      await waitFor(() => log.includes('changed A.md'));
      v.app.metadataCache.indexDuringWrite = true;
      await v.app.vault.modify(fileAt(v, 'A.md'), '# A3\n');
      log.push('written');
      expect(log).toEqual(['modify A.md', 'written', 'changed A.md', 'modify A.md', 'changed A.md', 'written']);
    });

    it('docs silent: whether the first load resolves — we assume one resolved, after its creates and before the layout-ready callbacks [A15]', async () => {
      const v = await open({ 'A.md': '[[B]]' }, { layoutReady: false });
      const log = recordVault(v);
      v.app.metadataCache.on('resolved', () => log.push('resolved'));
      v.app.workspace.onLayoutReady(() => log.push('layout ready'));
      v.app.workspace.setLayoutReady();
      v.app.workspace.setLayoutReady();
      expect(log).toEqual(['create A.md', 'resolved', 'layout ready']);
    });

    it('docs silent: whether the cache or a plugin hears a vault event first — we assume the cache, so it is up to date in the plugin’s handler [A16]', async () => {
      const v = await open({ 'A.md': '# A\n' });
      const log: string[] = [];
      v.app.metadataCache.on('deleted', () => log.push('cache deleted'));
      v.app.vault.on('rename', (entry: TAbstractFile) => log.push(`plugin rename, cache ${v.app.metadataCache.getCache(entry.path) === null ? 'stale' : 'current'}`));
      v.app.vault.on('delete', () => log.push('plugin delete'));
      const file = fileAt(v, 'A.md');
      await v.app.vault.rename(file, 'B.md');
      await v.app.fileManager.trashFile(file);
      expect(log).toEqual(['plugin rename, cache current', 'cache deleted', 'plugin delete']);
    });

    it('docs silent: how far indexing got when a plugin loads — we assume every note is indexed when the app opens [A17]', async () => {
      const v = await open({ 'A.md': '# A\n[[B]]', 'B.md': 'b' }, { layoutReady: false });
      expect(v.app.metadataCache.getFileCache(fileAt(v, 'A.md'))?.headings?.[0]?.heading).toBe('A');
      expect(v.app.metadataCache.resolvedLinks['A.md']).toEqual({ 'B.md': 1 });
      expect(v.app.metadataCache.isIndexing()).toBe(false);
    });

    it('docs silent: trashFile with "Permanently delete" — we assume it deletes for good, like Vault.delete [A18]', async () => {
      const v = await open({ 'A.md': 'a' }, { trashOption: 'none' });
      await v.app.fileManager.trashFile(fileAt(v, 'A.md'));
      expect(existsSync(path.join(v.root, 'A.md'))).toBe(false);
      expect(existsSync(path.join(v.root, '.trash'))).toBe(false);
      expect(v.app.fileManager.trashed).toEqual(['A.md']);
    });

    it('docs silent: what openLinkText opens — we assume the link’s note is shown in the active or a new tab and becomes active, and a missing one is not created [A19]', async () => {
      const v = await open({ 'A.md': '', 'Notes/B.md': '# Heading' });
      await v.app.workspace.openLinkText('B#Heading', 'A.md', false);
      expect(v.app.workspace.getActiveFile()?.path).toBe('Notes/B.md');
      await v.app.workspace.openLinkText('Missing', 'A.md');
      expect(v.app.workspace.getActiveFile()?.path).toBe('Notes/B.md');
      await v.app.workspace.openLinkText('A', 'A.md', 'tab', { eState: { line: 0 } });
      expect(v.app.workspace.leaves).toHaveLength(2);
      expect(v.app.workspace.activeEditor?.file.path).toBe('A.md');
      expect(v.app.workspace.opened.map((link) => link.file?.path ?? null)).toEqual(['Notes/B.md', null, 'A.md']);
      expect(v.app.vault.getFileByPath('Missing.md')).toBeNull();
    });

    it('docs silent: how an editor measures and selects — we assume as CodeMirror: 0-based places, the first selection is the main one, the cursor its head [A40]', async () => {
      const v = await open({ 'A.md': 'one\ntwo three\n' });
      const view = await v.app.workspace.openInEditor(fileAt(v, 'A.md'));
      view.editor.setSelections([
        { anchor: { line: 1, ch: 9 }, head: { line: 1, ch: 4 } },
        { anchor: { line: 0, ch: 0 }, head: { line: 0, ch: 3 } },
      ]);
      expect(view.editor.getRange({ line: 0, ch: 1 }, { line: 1, ch: 3 })).toBe('ne\ntwo');
      expect(view.editor.getSelection()).toBe('three');
      expect(view.editor.getCursor()).toEqual({ line: 1, ch: 4 });
      expect(view.editor.getCursor('to')).toEqual({ line: 1, ch: 9 });
      expect(view.editor.listSelections()).toHaveLength(2);
      expect(v.app.workspace.activeEditor).toBe(view);
      expect(v.app.workspace.getActiveViewOfType(fake.MarkdownView)).toBe(view);
    });

    it('docs silent: what a tab’s view state holds — we assume state.file is its file’s vault path [A41]', async () => {
      const v = await open({ 'A.md': '', 'Notes/B.md': '' });
      await v.app.workspace.openLinkText('A', '', false);
      await v.app.workspace.openLinkText('B', '', 'tab');
      const files: unknown[] = [];
      v.app.workspace.iterateRootLeaves((leaf) => files.push(leaf.getViewState().state?.file));
      expect(files).toEqual(['A.md', 'Notes/B.md']);
    });

    it('docs silent: what openFile does with its state — we assume active focuses, eState.line places the cursor, eState.subpath is recorded, and no file is made [A43]', async () => {
      const v = await open({ 'A.md': 'one\ntwo\n', 'B.md': '' });
      await v.app.workspace.openInEditor(fileAt(v, 'B.md'));
      const leaf = v.app.workspace.getLeaf('tab');
      await leaf.openFile(fileAt(v, 'A.md'), { active: true, eState: { line: 1, subpath: '#x' } });
      expect(v.app.workspace.getActiveFile()?.path).toBe('A.md');
      expect(v.app.workspace.activeEditor?.editor.getCursor()).toEqual({ line: 1, ch: 0 });
      expect(v.app.workspace.openedFiles.at(-1)).toEqual({ path: 'A.md', openState: { active: true, eState: { line: 1, subpath: '#x' } }, newTab: true });
      expect(v.app.workspace.getLeaf(false)).toBe(leaf);
      expect(v.app.workspace.leaves).toHaveLength(2);
    });

    it('docs silent: the command palette’s private API — we assume listCommands, findCommand and executeCommandById, false when a command is missing or does not apply [A42]', async () => {
      const v = await open({});
      const ran: string[] = [];
      v.app.commands.add({ id: 'p:always', name: 'P: always', callback: () => ran.push('always') });
      v.app.commands.add({ id: 'p:never', name: 'P: never', checkCallback: () => false });
      expect(v.app.commands.listCommands().map((command) => command.id)).toEqual(['p:always', 'p:never']);
      expect(v.app.commands.findCommand('p:never')?.name).toBe('P: never');
      expect(v.app.commands.executeCommandById('p:always')).toBe(true);
      expect(v.app.commands.executeCommandById('p:never')).toBe(false);
      expect(v.app.commands.executeCommandById('p:missing')).toBe(false);
      expect(ran).toEqual(['always']);
    });

    it('docs silent: what closing the settings does to a tab — we assume hide(), then its container is emptied [A20]', async () => {
      const v = await open({});
      const log: string[] = [];
      class Tab extends fake.PluginSettingTab {
        override display(): void {
          this.containerEl.createDiv({ text: 'row' });
        }
        override hide(): void {
          log.push(`hide with ${this.containerEl.children.length} row`);
        }
      }
      const tab = new Tab(v.app, { manifest: { id: 'sample', name: 'Sample' } });
      v.app.setting.addTab(tab);
      v.app.setting.open(tab);
      v.app.setting.close();
      expect(log).toEqual(['hide with 1 row']);
      expect(tab.containerEl.children).toEqual([]);
    });

    it('docs silent: what enabling and disabling wait for — we assume enabling awaits an async onload, disabling nothing [A21]', async () => {
      const v = await open({});
      const log: string[] = [];
      class Slow extends fake.Plugin {
        override async onload(): Promise<void> {
          await delay(20);
          log.push('loaded');
        }
        override onunload(): void {
          void delay(20).then(() => log.push('unload work done'));
        }
      }
      const plugin = new Slow(v.app, manifest());
      await v.app.enable(plugin);
      log.push('enabled');
      v.app.disable(plugin);
      log.push('disabled');
      expect(log).toEqual(['loaded', 'enabled', 'disabled']);
      await waitFor(() => log.length === 4);
    });

    it('docs silent: the order of unload — we assume children, then registered callbacks in registration order, then onunload [A22]', () => {
      const log: string[] = [];
      class Logged extends fake.Component {
        constructor(private readonly name: string) {
          super();
        }
        override onunload(): void {
          log.push(`onunload ${this.name}`);
        }
      }
      const parent = new Logged('parent');
      parent.addChild(new Logged('child'));
      parent.register(() => log.push('first callback'));
      parent.register(() => log.push('second callback'));
      parent.load();
      parent.unload();
      expect(log).toEqual(['onunload child', 'first callback', 'second callback', 'onunload parent']);
    });

    it('docs silent: how a command is prefixed — we assume "<plugin id>:<id>" and "<plugin name>: <name>" [A23]', async () => {
      const v = await open({});
      const plugin = new fake.Plugin(v.app, manifest());
      plugin.load();
      expect(plugin.addCommand({ id: 'open-panel', name: 'Open panel' })).toMatchObject({ id: 'sample:open-panel', name: 'Sample: Open panel' });
      expect([...v.app.commands.commands.keys()]).toEqual(['sample:open-panel']);
    });

    it('docs silent: whether a plugin’s settings tab and status bar items outlive it — we assume they go when it unloads [A24]', async () => {
      const v = await open({});
      const plugin = new fake.Plugin(v.app, manifest());
      plugin.load();
      class Tab extends fake.PluginSettingTab {}
      plugin.addSettingTab(new Tab(v.app, plugin));
      plugin.addStatusBarItem().setText('Status');
      expect([v.app.setting.tabs.length, v.app.statusBar.children.length]).toEqual([1, 1]);
      plugin.unload();
      expect([v.app.setting.tabs.length, v.app.statusBar.children.length]).toEqual([0, 0]);
    });

    it('docs silent: loadData without data.json or with a broken one — we assume null, and a rejection with the parse error [A25]', async () => {
      const v = await open({});
      const plugin = new fake.Plugin(v.app, manifest());
      expect(await plugin.loadData()).toBeNull();
      await fs.mkdir(path.dirname(plugin.dataPath()), { recursive: true });
      await fs.writeFile(plugin.dataPath(), '{"half":');
      await expect(plugin.loadData()).rejects.toThrow(SyntaxError);
      await fs.writeFile(plugin.dataPath(), '');
      await expect(plugin.loadData()).rejects.toThrow(SyntaxError);
    });

    it('docs silent: how saveData writes — we assume JSON with two-space indents, in place, making the plugin folder [A26]', async () => {
      const v = await open({});
      const plugin = new fake.Plugin(v.app, manifest());
      await plugin.saveData({ a: [1] });
      expect(await fs.readFile(plugin.dataPath(), 'utf8')).toBe('{\n  "a": [\n    1\n  ]\n}');
    });

    describe('requestUrl', () => {
      let server: Server;
      let url: string;

      beforeAll(async () => {
        server = createServer((request: IncomingMessage, response: ServerResponse) => {
          if (request.url === '/status/404') return void response.writeHead(404).end('missing');
          if (request.url === '/text') return void response.writeHead(200, { 'Content-Type': 'text/plain' }).end('plain words');
          response.writeHead(200, { 'Content-Type': 'application/json', 'X-Answer': 'Echo' });
          response.end(JSON.stringify(request.headers));
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      });

      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

      it('docs silent: the error for a status of 400 or more — we assume an Error "Request failed, status <status>" [A27]', async () => {
        const error = await fake.requestUrl(`${url}/status/404`).catch((reason: unknown) => reason);
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toBe('Request failed, status 404');
      });

      it('docs silent: when json is parsed — we assume when read, so a body that is not JSON throws only then [A28]', async () => {
        const answer = await fake.requestUrl(`${url}/text`);
        expect(answer.text).toBe('plain words');
        expect(() => answer.json).toThrow(SyntaxError);
        await expect(fake.requestUrl(`${url}/text`).json).rejects.toThrow(SyntaxError);
      });

      it('docs silent: header names and contentType — we assume lower-case names, contentType sent as content-type, headers overriding it [A29]', async () => {
        const plain = await fake.requestUrl({ url: `${url}/echo`, method: 'POST', contentType: 'text/plain', body: 'x' });
        expect(plain.headers['x-answer']).toBe('Echo');
        expect(plain.headers['X-Answer']).toBeUndefined();
        expect((plain.json as Record<string, string>)['content-type']).toBe('text/plain');
        const overridden = await fake.requestUrl({ url: `${url}/echo`, method: 'POST', contentType: 'text/plain', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect((overridden.json as Record<string, string>)['content-type']).toBe('application/json');
      });
    });

    it('docs silent: the rules of normalizePath — we assume one / between segments, none at the ends, "/" for nothing, no-break spaces as spaces, NFC [A30]', () => {
      expect(fake.normalizePath('//Notes\\\\Sub///a.md/')).toBe('Notes/Sub/a.md');
      expect(fake.normalizePath('')).toBe('/');
      expect(fake.normalizePath('///')).toBe('/');
      expect(fake.normalizePath('a\u00a0b\u202fc.md')).toBe('a b c.md');
      expect(fake.normalizePath('Cafe\u0301.md')).toBe('Caf\u00e9.md');
      expect(fake.normalizePath('./a/../b.md')).toBe('./a/../b.md');
    });

    it('docs silent: how Events calls handlers — we assume synchronously, in subscription order, a throwing one logged and the rest still called [A31]', () => {
      const events = new fake.Events();
      const log: string[] = [];
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const second = (): number => log.push('second');
      events.on('x', (value: string) => log.push(`first ${value}`));
      events.on('x', () => {
        throw new Error('handler failed');
      });
      events.on('x', second);
      const context = { name: 'ctx' };
      events.on('x', function (this: { name: string }) {
        log.push(this.name);
      }, context);
      events.trigger('x', 'v');
      log.push('after');
      events.off('x', second);
      events.trigger('x', 'w');
      expect(log).toEqual(['first v', 'second', 'ctx', 'after', 'first w', 'ctx']);
      expect(error).toHaveBeenCalledTimes(2);
      error.mockRestore();
    });

    it('docs silent: how a file name splits — we assume at the last dot, and a leading dot starts no extension [A32]', () => {
      const names = ['archive.tar.gz', '.env', 'README', 'Notes/a.b/c.md'].map((name) => new fake.TFile(null, name)).map((file) => [file.name, file.basename, file.extension]);
      expect(names).toEqual([
        ['archive.tar.gz', 'archive.tar', 'gz'],
        ['.env', '.env', ''],
        ['README', 'README', ''],
        ['c.md', 'c', 'md'],
      ]);
    });

    it('docs silent: the order of a modal’s callbacks — we assume onOpen at open; onClose then the close callback at close; content kept; repeats ignored [A33]', () => {
      const log: string[] = [];
      class Dialog extends fake.Modal {
        override onOpen(): void {
          log.push('onOpen');
          this.contentEl.setText('Content');
        }
        override onClose(): void {
          log.push('onClose');
        }
      }
      const dialog = new Dialog({}).setCloseCallback(() => log.push('close callback'));
      dialog.open();
      dialog.open();
      expect(fake.openModals).toContain(dialog);
      dialog.close();
      dialog.close();
      expect(log).toEqual(['onOpen', 'onClose', 'close callback']);
      expect(dialog.contentEl.textContent).toBe('Content');
      expect(fake.openModals).not.toContain(dialog);
    });

    it('docs silent: how a suggest modal asks and chooses — we assume at open and each query, the first limit shown, closed before the choice is reported [A34]', async () => {
      const log: string[] = [];
      class Picker extends fake.SuggestModal<string> {
        getSuggestions(query: string): string[] {
          log.push(`asked "${query}"`);
          return ['alpha', 'beta', 'gamma'].filter((item) => item.includes(query));
        }
        renderSuggestion(value: string, element: fake.FakeElement): void {
          element.setText(value);
        }
        onChooseSuggestion(item: string): void {
          log.push(`chose ${item} ${this.isOpen ? 'open' : 'closed'}`);
        }
      }
      const picker = new Picker({});
      picker.limit = 2;
      picker.open();
      await delay(0);
      expect(picker.shown).toEqual(['alpha', 'beta']);
      expect(await picker.type('zzz')).toEqual([]);
      expect(picker.resultContainerEl.textContent).toBe(picker.emptyStateText);
      await picker.type('a');
      expect(picker.shown).toEqual(['alpha', 'beta']);
      picker.choose('beta');
      expect(log).toEqual(['asked ""', 'asked "zzz"', 'asked "a"', 'chose beta closed']);
    });

    it('docs silent: fuzzy matching and ranking — we assume characters in order, any case, spaces ignored, contiguous first, all items for no query [A35]', async () => {
      const search = fake.prepareFuzzySearch('Al Ph');
      expect(search('ALPHA')).toMatchObject({ matches: [[0, 4]] });
      expect(search('a-l-p-h')).not.toBeNull();
      expect(search('hpla')).toBeNull();
      expect((search('alph') as fake.SearchResult).score).toBeGreaterThan((search('a-l-p-h') as fake.SearchResult).score);
      class Files extends fake.FuzzySuggestModal<string> {
        getItems(): string[] {
          return ['a-l-p-h', 'zeta', 'alph'];
        }
        getItemText(item: string): string {
          return item;
        }
        onChooseItem(): void {}
      }
      const modal = new Files({});
      expect(modal.getSuggestions('').map((match) => match.item)).toEqual(['a-l-p-h', 'zeta', 'alph']);
      expect(modal.getSuggestions('alph').map((match) => match.item)).toEqual(['alph', 'a-l-p-h']);
    });

    it('docs silent: how much Markdown render draws — we assume a heading, list item or paragraph per line, wikilinks as internal links [A36]', async () => {
      const element = new fake.FakeElement('div');
      const owner = new fake.Component();
      await fake.MarkdownRenderer.render({}, '# Title\n- see [[Note#Part|the part]]\n\nplain [[Other]]', element, 'A.md', owner);
      expect(element.children.map((child) => `${child.tagName} ${child.textContent}`)).toEqual(['h1 Title', 'li see the part', 'p plain Other']);
      const links = element.descendants().filter((child) => child.hasClass('internal-link'));
      expect(links.map((link) => link.getAttribute('data-href'))).toEqual(['Note#Part', 'Other']);
      expect(() => void fake.MarkdownRenderer.render({}, 'x', element, 'A.md', {} as fake.Component)).toThrow();
    });

    it('docs silent: setValue, disabled components and a dropdown’s start value — we assume no onChange from setValue, input ignored when disabled, the first option chosen [A37]', () => {
      const container = new fake.FakeElement('div');
      const changes: unknown[] = [];
      const setting = new fake.Setting(container);
      let text: fake.TextComponent | undefined;
      let dropdown: fake.DropdownComponent | undefined;
      let button: fake.ButtonComponent | undefined;
      setting
        .addText((component) => (text = component.setValue('start').onChange((value) => changes.push(value))))
        .addDropdown((component) => (dropdown = component.addOptions({ one: 'One', two: 'Two' }).onChange((value) => changes.push(value))))
        .addButton((component) => (button = component.onClick(() => changes.push('click'))));
      expect([text?.getValue(), dropdown?.getValue()]).toEqual(['start', 'one']);
      text?.setValue('set');
      expect(changes).toEqual([]);
      text?.input('typed');
      setting.setDisabled(true);
      text?.input('ignored');
      dropdown?.input('two');
      button?.click();
      expect(changes).toEqual(['typed']);
      expect(text?.getValue()).toBe('typed');
    });

    it('docs silent: the renderer’s globals — we assume window is the global object and the clipboard records what is written [A38]', async () => {
      fake.installAppGlobals();
      expect(window).toBe(globalObject());
      await navigator.clipboard.writeText('copied');
      expect(fake.clipboardWrites.at(-1)).toBe('copied');
    });

    it('docs silent: what a Notice keeps — we assume text only, its duration recorded, never timing out [A39]', async () => {
      fake.clearNotices();
      const notice = new fake.Notice('saved', 0);
      new fake.Notice('brief', 10);
      await delay(30);
      expect(fake.shownNotices).toEqual([
        { message: 'saved', duration: 0 },
        { message: 'brief', duration: 10 },
      ]);
      expect(notice.setMessage('changed').messageEl.textContent).toBe('changed');
      expect(() => new fake.Notice({} as unknown as string)).toThrow();
      fake.clearNotices();
    });
  });
});
