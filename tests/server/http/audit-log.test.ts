import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AuditLog, type AuditEvent } from '../../../src/core/audit/audit-log';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { createTempVault, writeTempFolder } from '../../helpers/temp-vault';

const EVENT: AuditEvent = { time: '2026-11-21T00:00:00.000Z', actor: 'token:a', op: 'note_patch', path: 'A.md', etag_before: '0000000000000000', etag_after: '1111111111111111' };

describe('the audit log', () => {
  it('is NDJSON that rotates past its size, keeping a few files', async () => {
    const folder = await writeTempFolder({});
    try {
      const log = new AuditLog(new FileStorage(folder), { maxBytes: 400, keep: 2 });
      for (let index = 0; index < 12; index += 1) log.record({ ...EVENT, path: `Note ${index}.md` });
      await log.flush();
      expect((await readdir(folder)).sort()).toEqual(['audit.1.log', 'audit.2.log', 'audit.log']);
      const live = (await readFile(join(folder, 'audit.log'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as AuditEvent);
      expect(live.at(-1)?.path).toBe('Note 11.md');
      for (const name of ['audit.log', 'audit.1.log']) expect((await readFile(join(folder, name))).length).toBeLessThanOrEqual(400);
      const older = (await readFile(join(folder, 'audit.1.log'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as AuditEvent);
      expect(older.at(-1)?.path).toBe(`Note ${11 - live.length}.md`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('stamps each event of an operation with its duration and never records note content', async () => {
    const vault = await createTempVault({ 'A.md': 'secret words\n' });
    try {
      const events: AuditEvent[] = [];
      vault.engine.audit.subscribe((event) => events.push(event));
      await vault.engine.call('note_patch', { path: 'A.md', ops: [{ op: 'append_body', markdown: 'more secret words' }] });
      await vault.engine.audit.flush();
      expect(events).toEqual([expect.objectContaining({ op: 'note_patch', path: 'A.md', duration_ms: expect.any(Number) as unknown })]);
      const written = await readFile(join(vault.root, '.indx', 'audit.log'), 'utf8');
      expect(written).not.toContain('secret');
      expect(Object.keys(JSON.parse(written.trim()) as object).sort()).toEqual(['actor', 'duration_ms', 'etag_after', 'etag_before', 'op', 'path', 'time']);
    } finally {
      await vault.dispose();
    }
  });

  it('measures duration with the engine clock', () => {
    let now = 0;
    const log = new AuditLog(new FileStorage('/nonexistent-unused'), { onError: () => undefined });
    const seen: AuditEvent[] = [];
    log.subscribe((event) => seen.push(event));
    const call = log.begin(() => now);
    call.record(EVENT);
    now = 42;
    expect(seen).toEqual([]);
    call.end();
    expect(seen).toEqual([{ ...EVENT, duration_ms: 42 }]);
  });
});
