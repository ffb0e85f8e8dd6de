import { PathLocks } from '../../../src/hosts/node/path-locks';

import { setTimeout as delay } from 'node:timers/promises';

const tick = () => delay(5);

describe('PathLocks', () => {
  it('runs claims on one path one at a time, in arrival order', async () => {
    const locks = new PathLocks();
    const log: string[] = [];
    const claim = (name: string) =>
      locks.run(['Notes/a.md'], async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
      });
    await Promise.all([claim('1'), claim('2'), claim('3')]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('runs unrelated paths in parallel', async () => {
    const locks = new PathLocks();
    let running = 0;
    let most = 0;
    const claim = (vaultPath: string) =>
      locks.run([vaultPath], async () => {
        most = Math.max(most, ++running);
        await tick();
        running--;
      });
    await Promise.all([claim('a.md'), claim('b.md'), claim('Notes/c.md')]);
    expect(most).toBe(3);
  });

  it('makes a folder claim wait for files below it, and compares case-insensitively', async () => {
    const locks = new PathLocks();
    const log: string[] = [];
    const claim = (paths: string[], name: string) =>
      locks.run(paths, async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
      });
    await Promise.all([claim(['Notes/a.md'], 'file'), claim(['notes'], 'folder'), claim(['NOTES/A.MD'], 'other case')]);
    expect(log).toEqual(['start file', 'end file', 'start folder', 'end folder', 'start other case', 'end other case']);
  });

  it('releases the claim when the work fails', async () => {
    const locks = new PathLocks();
    await expect(locks.run(['a.md'], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(locks.run(['a.md'], () => Promise.resolve('next'))).resolves.toBe('next');
  });
});
