/** How a (possibly cut-off) JSON text was read. */
export type PartialJsonState = 'successful-parse' | 'repaired-parse' | 'failed-parse';

/** What {@link parsePartialJson} read. */
export interface PartialJson {
  value: unknown;
  state: PartialJsonState;
}

/** A value read up to the end of the text; `complete` false when the text ended inside it. */
interface Read {
  value: unknown;
  complete: boolean;
}

/** The text ended before a value began. */
const NOTHING = Symbol('nothing');

const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Syntax extends Error {}

/**
 * Reads JSON that may be cut off: the whole text when it parses, else everything that arrived
 * with what was left open closed (`repaired-parse`). A string cut off keeps the characters that
 * arrived; an object key cut off, or a key whose value had not begun, is left out; a cut
 * literal (`tr`) is completed; a number keeps its digits. Used for the partial objects of a
 * streamed structured reply and to keep what arrived of a reply cut at the output cap.
 */
export function parsePartialJson(text: string): PartialJson {
  try {
    return { value: JSON.parse(text) as unknown, state: 'successful-parse' };
  } catch {
    // Read below what arrived.
  }
  try {
    const reader = new PartialReader(text);
    const read = reader.value();
    reader.skipSpace();
    if (read === NOTHING || !reader.atEnd()) return { value: undefined, state: 'failed-parse' };
    return { value: read.value, state: 'repaired-parse' };
  } catch (error: unknown) {
    if (error instanceof Syntax) return { value: undefined, state: 'failed-parse' };
    throw error;
  }
}

class PartialReader {
  private at = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at >= this.text.length;
  }

  skipSpace(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at] as string)) this.at += 1;
  }

  value(): Read | typeof NOTHING {
    this.skipSpace();
    if (this.atEnd()) return NOTHING;
    const next = this.text[this.at] as string;
    if (next === '{') return this.object();
    if (next === '[') return this.array();
    if (next === '"') return this.string();
    if (next === '-' || (next >= '0' && next <= '9')) return this.number();
    return this.literal();
  }

  private object(): Read {
    const object: Record<string, unknown> = {};
    this.at += 1;
    for (let first = true; ; first = false) {
      this.skipSpace();
      if (this.atEnd()) return { value: object, complete: false };
      if (this.text[this.at] === '}') {
        this.at += 1;
        return { value: object, complete: true };
      }
      if (!first) {
        this.expect(',');
        this.skipSpace();
        if (this.atEnd()) return { value: object, complete: false };
      }
      if (this.text[this.at] !== '"') throw new Syntax();
      const key = this.string();
      this.skipSpace();
      if (!key.complete || this.atEnd()) return { value: object, complete: false };
      this.expect(':');
      const member = this.value();
      if (member === NOTHING) return { value: object, complete: false };
      object[key.value as string] = member.value;
      if (!member.complete) return { value: object, complete: false };
    }
  }

  private array(): Read {
    const array: unknown[] = [];
    this.at += 1;
    for (let first = true; ; first = false) {
      this.skipSpace();
      if (this.atEnd()) return { value: array, complete: false };
      if (this.text[this.at] === ']') {
        this.at += 1;
        return { value: array, complete: true };
      }
      if (!first) this.expect(',');
      const item = this.value();
      if (item === NOTHING) return { value: array, complete: false };
      array.push(item.value);
      if (!item.complete) return { value: array, complete: false };
    }
  }

  private string(): Read {
    const start = this.at;
    this.at += 1;
    let end = this.text.length;
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === '\\') {
        const length = this.text[this.at + 1] === 'u' ? 6 : 2;
        // Cut inside an escape: the string ends before it.
        if (this.at + length > this.text.length) end = this.at;
        this.at += length;
      } else if (char === '"') {
        this.at += 1;
        return { value: this.decode(this.text.slice(start, this.at)), complete: true };
      } else this.at += 1;
    }
    this.at = this.text.length;
    return { value: this.decode(`${this.text.slice(start, end)}"`), complete: false };
  }

  private number(): Read | typeof NOTHING {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (match === null) {
      // A lone `-` at the end: the number has not begun.
      if (this.text.slice(this.at) !== '-') throw new Syntax();
      this.at = this.text.length;
      return NOTHING;
    }
    this.at += match[0].length;
    // `1.` or `1e` at the end: the digits that arrived.
    if (/^[.eE][+-]?$/.test(this.text.slice(this.at))) {
      this.at = this.text.length;
      return { value: Number(match[0]), complete: false };
    }
    return { value: Number(match[0]), complete: !this.atEnd() };
  }

  private literal(): Read {
    const rest = this.text.slice(this.at);
    for (const [word, value] of Object.entries(LITERALS)) {
      if (rest.startsWith(word)) {
        this.at += word.length;
        return { value, complete: true };
      }
      if (word.startsWith(rest)) {
        this.at = this.text.length;
        return { value, complete: false };
      }
    }
    throw new Syntax();
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) throw new Syntax();
    this.at += 1;
  }

  private decode(quoted: string): unknown {
    try {
      return JSON.parse(quoted) as unknown;
    } catch {
      throw new Syntax();
    }
  }
}
