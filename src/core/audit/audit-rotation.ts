import type { Storage } from '../vault/storage';

/** The live log; rotated copies are `audit.1.log` (newest) to `audit.<keep>.log` (oldest). */
export const AUDIT_FILE = 'audit.log';

/**
 * Appends lines to `audit.log`, rotating it when it would pass `maxBytes`. The size is learnt
 * from storage once, then counted; another process appending to the same log makes the count
 * approximate, which only shifts when rotation happens.
 */
export class AuditRotation {
  private size: number | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly maxBytes: number,
    private readonly keep: number,
  ) {}

  /** Appends one line (no line break inside), rotating first when the log is full. */
  async append(line: string): Promise<void> {
    const bytes = new TextEncoder().encode(line).length + 1;
    this.size ??= (await this.storage.read(AUDIT_FILE))?.length ?? 0;
    if (this.size > 0 && this.size + bytes > this.maxBytes) await this.rotate();
    await this.storage.appendLine(AUDIT_FILE, line);
    this.size += bytes;
  }

  private async rotate(): Promise<void> {
    await this.storage.remove(rotatedName(this.keep));
    for (let index = this.keep - 1; index >= 0; index -= 1) await this.moveEntry(index === 0 ? AUDIT_FILE : rotatedName(index), rotatedName(index + 1));
    this.size = 0;
  }

  private async moveEntry(from: string, to: string): Promise<void> {
    const data = await this.storage.read(from);
    if (data === null) return;
    await this.storage.write(to, data);
    await this.storage.remove(from);
  }
}

function rotatedName(index: number): string {
  return `audit.${index}.log`;
}
