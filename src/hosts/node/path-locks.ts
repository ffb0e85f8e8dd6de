/** A request for a set of paths, waiting or granted. */
interface Claim {
  readonly keys: string[];
  readonly grant: () => void;
}

/**
 * An in-process async lock over vault paths. A claim on a folder conflicts with claims on
 * anything below it, and keys compare case-insensitively so that two spellings of one file on a
 * case-insensitive file system never run at once. Claims on one path are granted in arrival
 * order; claims on unrelated paths run in parallel.
 */
export class PathLocks {
  private readonly held = new Set<Claim>();
  private readonly waiting: Claim[] = [];

  /** Runs `work` while holding every path in `paths`; releases them however it ends. */
  async run<T>(paths: readonly string[], work: () => Promise<T>): Promise<T> {
    const claim = await this.acquire(paths);
    try {
      return await work();
    } finally {
      this.release(claim);
    }
  }

  private acquire(paths: readonly string[]): Promise<Claim> {
    return new Promise((resolve) => {
      const claim: Claim = { keys: paths.map(toKey), grant: () => resolve(claim) };
      const free = !this.conflictsWithHeld(claim) && !this.waiting.some((other) => conflicts(other, claim));
      if (free) this.grant(claim);
      else this.waiting.push(claim);
    });
  }

  private release(claim: Claim): void {
    this.held.delete(claim);
    const blocked: Claim[] = [];
    for (const candidate of this.waiting.splice(0)) {
      const free = !this.conflictsWithHeld(candidate) && !blocked.some((other) => conflicts(other, candidate));
      if (free) this.grant(candidate);
      else blocked.push(candidate);
    }
    this.waiting.push(...blocked);
  }

  private grant(claim: Claim): void {
    this.held.add(claim);
    claim.grant();
  }

  private conflictsWithHeld(claim: Claim): boolean {
    for (const other of this.held) if (conflicts(other, claim)) return true;
    return false;
  }
}

function toKey(vaultPath: string): string {
  return vaultPath.normalize('NFC').toLowerCase();
}

function conflicts(first: Claim, second: Claim): boolean {
  return first.keys.some((a) => second.keys.some((b) => overlaps(a, b)));
}

function overlaps(a: string, b: string): boolean {
  if (a === b || a === '' || b === '') return true;
  return a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}
