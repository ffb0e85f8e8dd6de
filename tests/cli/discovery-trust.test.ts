import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoveryFileFor, discoveryFolder, findDiscovery, scanDiscoveries, writeDiscovery, type DiscoveryRecord } from '../../src/server/discovery/discovery-file';
import { findOwnershipProblem, toTrustedBaseUrl } from '../../src/server/discovery/discovery-trust';
import { isProcessAlive } from '../../src/server/discovery/is-process-alive';
import { CLI, isolatedEnvironment, printedError, runCli } from './run-cli';

// Review of issue 5, finding 1: the CLI and the stdio relay send the bearer token to the URL a
// discovery record names. A record is used only when it names loopback on its own port, sits in a
// folder and file that only the current user can change, and names a live process of this user.

const SECRET = 'indx_SECRET-TOKEN-never-leaves-loopback';
const posix = process.platform !== 'win32';
const asRoot = process.getuid?.() === 0;

/** An HTTP server on every interface that records what reaches it: where a leaked token would land. */
interface Trap {
  port: number;
  seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

async function openTrap(): Promise<Trap> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(500, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return { port: (server.address() as AddressInfo).port, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** An address of this machine that is not loopback (the review's machine had 192.0.2.2), else 127.0.0.2: loopback, but not a name a record may use. */
function otherAddress(): string {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal);
  return external?.address ?? '127.0.0.2';
}

function recordFor(url: string, port: number, vault = '/vaults/v'): DiscoveryRecord {
  return { version: 1, host: 'obsidian', url, port, vault_path: vault, vault_name: 'v', pid: process.pid, started_at: '2026-11-22T00:00:00.000Z' };
}

let home: string;
let folder: string;

beforeEach(async () => {
  home = await fs.mkdtemp(join(tmpdir(), 'indx-trust-'));
  folder = discoveryFolder({ INDX_HOME: home });
  await fs.mkdir(folder, { mode: 0o700 });
});

afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

/** Writes a record file by hand, as another program could. */
async function plant(name: string, record: DiscoveryRecord, mode = 0o600): Promise<string> {
  const file = join(folder, name);
  await fs.writeFile(file, JSON.stringify(record), { mode });
  await fs.chmod(file, mode);
  return file;
}

describe('toTrustedBaseUrl: only loopback on the record\'s own port', () => {
  it.each([
    ['http://127.0.0.1:27643', 27643, 'http://127.0.0.1:27643'],
    ['http://127.0.0.1:27643/', 27643, 'http://127.0.0.1:27643'],
    ['http://localhost:4000', 4000, 'http://localhost:4000'],
    ['http://[::1]:4000', 4000, 'http://[::1]:4000'],
    ['http://LOCALHOST:4000', 4000, 'http://localhost:4000'],
    ['http://127.0.0.1', 80, 'http://127.0.0.1:80'],
  ])('%s (port %d) is used as %s', (url, port, expected) => {
    expect(toTrustedBaseUrl(url, port)).toBe(expected);
  });

  it.each([
    ['http://192.0.2.2:4000', 4000, 'another machine'],
    ['http://127.0.0.2:4000', 4000, 'a loopback address the server never binds'],
    ['http://127.0.0.1:4001', 4000, 'another port than the record claims'],
    ['https://127.0.0.1:4000', 4000, 'another scheme'],
    ['http://user:pass@127.0.0.1:4000', 4000, 'user info'],
    ['http://127.0.0.1:4000/mcp', 4000, 'a path'],
    ['http://127.0.0.1:4000/?x=1', 4000, 'a query'],
    ['http://localhost.example.com:4000', 4000, 'a look-alike name'],
    ['http://127.0.0.1', 81, 'the default port 80, not the record\'s'],
    ['not a url', 4000, 'no URL at all'],
    ['http://127.0.0.1:0', 0, 'port 0'],
  ])('%s (port %d) is refused: %s', (url, port) => {
    expect(toTrustedBaseUrl(url, port)).toBeNull();
  });
});

describe('isProcessAlive', () => {
  it('counts EPERM (another user\'s process, such as pid 1) as gone, and never signals a process group', () => {
    const eperm = (): never => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    };
    const calls: number[] = [];
    expect(isProcessAlive(1, eperm)).toBe(false);
    expect(isProcessAlive(0, (pid) => calls.push(pid))).toBe(false);
    expect(isProcessAlive(-5, (pid) => calls.push(pid))).toBe(false);
    expect(calls).toEqual([]);
    expect(isProcessAlive(process.pid)).toBe(true);
  });

  // Skipped as root, for a written reason: root may signal pid 1, so kill(1, 0) succeeds and the
  // record rightly looks alive; the EPERM path is covered with an injected kill above.
  (asRoot ? it.skip : it)('a record naming pid 1 (not ours) is stale', async () => {
    await writeDiscovery({ ...recordFor('http://127.0.0.1:4000', 4000), pid: 1 }, folder);
    expect(await findDiscovery(undefined, folder)).toBeNull();
  });
});

// Windows has no POSIX owners or mode bits; these checks do not apply there.
(posix ? describe : describe.skip)('scanDiscoveries trusts only what this user alone can change', () => {
  it('uses a good record, with its URL made canonical', async () => {
    await plant('a.json', recordFor('http://127.0.0.1:4000/', 4000));
    expect(await scanDiscoveries(folder)).toEqual({ records: [expect.objectContaining({ url: 'http://127.0.0.1:4000' })], ignored: [] });
  });

  it('ignores every record of a folder others may write, and says how to fix it', async () => {
    await plant('a.json', recordFor('http://127.0.0.1:4000', 4000));
    await fs.chmod(folder, 0o777);
    const scan = await scanDiscoveries(folder);
    expect(scan.records).toEqual([]);
    expect(scan.ignored).toEqual([expect.stringContaining(`is writable by other users (mode 777)`)]);
    expect(scan.ignored[0]).toContain(`chmod 700 "${folder}"`);
    await fs.chmod(folder, 0o770);
    expect((await scanDiscoveries(folder)).records).toEqual([]);
    expect(findOwnershipProblem(await fs.stat(folder), process.getuid?.() ?? 0)).toBe('is writable by other users (mode 770)');
  });

  it('ignores a record file others may write, a symbolic link, and a record naming another URL', async () => {
    await plant('writable.json', recordFor('http://127.0.0.1:4001', 4001), 0o666);
    const elsewhere = join(home, 'elsewhere.json');
    await fs.writeFile(elsewhere, JSON.stringify(recordFor('http://127.0.0.1:4002', 4002)), { mode: 0o600 });
    await fs.symlink(elsewhere, join(folder, 'link.json'));
    await plant('remote.json', recordFor('http://192.0.2.2:4003', 4003));
    await plant('good.json', recordFor('http://127.0.0.1:4004', 4004));
    const scan = await scanDiscoveries(folder);
    expect(scan.records.map((record) => record.port)).toEqual([4004]);
    expect(scan.ignored).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/writable\.json is writable by other users \(mode 666\)/),
        expect.stringMatching(/link\.json is a symbolic link/),
        expect.stringMatching(/remote\.json names the URL "http:\/\/192\.0\.2\.2:4003", which is not http:\/\/127\.0\.0\.1/),
      ]),
    );
  });

  // Only root can give a file to another user (chown); as any other user this case cannot be set up.
  (asRoot ? it : it.skip)('ignores a folder or a record file owned by another user', async () => {
    const file = await plant('theirs.json', recordFor('http://127.0.0.1:4000', 4000));
    await fs.chown(file, 65534, 65534);
    expect(await scanDiscoveries(folder)).toEqual({ records: [], ignored: [expect.stringContaining('belongs to another user (uid 65534)')] });
    await fs.chown(file, 0, 0);
    await fs.chown(folder, 65534, 65534);
    expect(await scanDiscoveries(folder)).toEqual({ records: [], ignored: [expect.stringContaining(`The discovery folder ${folder} belongs to another user`)] });
  });

  it('writeDiscovery makes an existing folder private again (0700) on every write', async () => {
    await fs.chmod(folder, 0o777);
    const remove = await writeDiscovery(recordFor('http://127.0.0.1:4000', 4000), folder);
    expect((await fs.stat(folder)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(discoveryFileFor('/vaults/v', folder))).mode & 0o777).toBe(0o600);
    expect((await findDiscovery('/vaults/v', folder))?.port).toBe(4000);
    await remove();
    expect(await findDiscovery('/vaults/v', folder)).toBeNull();
  });
});

(posix ? describe : describe.skip)('the token never reaches a URL a record may not name (the review\'s leak.ts, through the real CLI)', () => {
  let trap: Trap;

  beforeEach(async () => {
    trap = await openTrap();
  });

  afterEach(async () => {
    await trap.close();
  });

  const environment = (): NodeJS.ProcessEnv => isolatedEnvironment(home, { INDX_TOKEN: SECRET });

  it('a record on another address, or on another port than it claims, is passed over with the reason; nothing is sent', async () => {
    await plant('remote.json', recordFor(`http://${otherAddress()}:${trap.port}`, trap.port));
    await plant('port.json', recordFor(`http://127.0.0.1:${trap.port}`, trap.port + 1, '/vaults/w'));
    const result = await runCli(['vault', 'status'], environment());
    expect([result.code, printedError(result).code]).toEqual([6, 'server_unavailable']);
    expect(printedError(result).details.ignored).toEqual(expect.arrayContaining([expect.stringContaining('remote.json names the URL'), expect.stringContaining('port.json names the URL')]));
    expect(result.stderr).not.toContain(SECRET);
    expect(trap.seen).toEqual([]);
  });

  it('a right-looking record in a world-writable folder (leak.ts) is passed over; the same record in a private folder is used', async () => {
    await plant('evil.json', recordFor(`http://127.0.0.1:${trap.port}`, trap.port));
    await fs.chmod(folder, 0o777);
    const refused = await runCli(['vault', 'status'], environment());
    expect([refused.code, printedError(refused).code]).toEqual([6, 'server_unavailable']);
    expect(printedError(refused).message).toContain(`The discovery folder ${folder} is writable by other users`);
    expect(trap.seen).toEqual([]);
    // Control: the trap is reachable, so the check above is what kept the token home.
    await fs.chmod(folder, 0o700);
    await runCli(['vault', 'status'], environment());
    expect(trap.seen.map((headers) => headers.authorization)).toEqual([`Bearer ${SECRET}`]);
  });

  it('indx mcp serve --stdio says on stderr why it found no server, and sends nothing', async () => {
    await plant('evil.json', recordFor(`http://${otherAddress()}:${trap.port}`, trap.port));
    const child = spawn(process.execPath, [CLI, 'mcp', 'serve', '--stdio'], { env: environment(), stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      let stderr = '';
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString('utf8');
          if (stderr.includes('no running indx server was found yet')) resolve();
        });
        child.once('exit', () => reject(new Error(`the shim exited: ${stderr}`)));
      });
      expect(stderr).toContain('evil.json names the URL');
      expect(stderr).toContain('no token is sent there');
      expect(trap.seen).toEqual([]);
    } finally {
      child.kill();
    }
  });
});
