import type { Storage } from '../../../src/core/vault/storage';

/** An in-memory `Storage` that counts writes, for tests of what gets saved. */
export class MemoryStorage implements Storage {
  readonly location = 'memory';
  readonly entries = new Map<string, Uint8Array>();
  readonly writes: string[] = [];

  read(name: string): Promise<Uint8Array | null> {
    const bytes = this.entries.get(name);
    return Promise.resolve(bytes === undefined ? null : bytes.slice());
  }

  write(name: string, data: Uint8Array | string): Promise<void> {
    this.entries.set(name, typeof data === 'string' ? new TextEncoder().encode(data) : data.slice());
    this.writes.push(name);
    return Promise.resolve();
  }

  appendLine(name: string, line: string): Promise<void> {
    const previous = this.entries.get(name) ?? new Uint8Array();
    const added = new TextEncoder().encode(`${line}\n`);
    const joined = new Uint8Array(previous.length + added.length);
    joined.set(previous);
    joined.set(added, previous.length);
    this.entries.set(name, joined);
    return Promise.resolve();
  }

  remove(name: string): Promise<void> {
    this.entries.delete(name);
    return Promise.resolve();
  }

  list(prefix: string): Promise<string[]> {
    const folder = prefix.replace(/\/+$/, '');
    return Promise.resolve([...this.entries.keys()].filter((name) => folder === '' || name.startsWith(`${folder}/`)).sort());
  }
}
