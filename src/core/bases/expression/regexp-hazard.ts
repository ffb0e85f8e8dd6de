/** What {@link analyzeRegExp} finds in a pattern. */
export interface RegExpAnalysis {
  /** Why the pattern can backtrack exponentially (the base is refused), or null. */
  hazard: string | null;
  /**
   * The longest text the pattern may run on: 10,000 characters, fewer when variable-length
   * parts that can match the same characters follow one another (`a*a*b` runs in cubic time).
   */
  textLimit: number;
}

/** The longest text any regular expression runs on. */
const MAXIMUM_REGEXP_TEXT = 10_000;

/**
 * Analyses a regular expression of a `.base` file so it cannot hang the process (ReDoS).
 * Exponential shapes are a `hazard`: a repeated group whose body varies in length (`(a+)+`,
 * `(a?b?)*`, `(x+){10}`), a repeated alternation whose branches can start alike (`(a|ab)*`,
 * `(\w|\d)+`), and backreferences (`(a)\1`). Polynomial shapes lower `textLimit`: with `c`
 * variable-length parts in a row that can match the same characters, an unanchored search costs
 * about n^(c+1) steps, so text is capped where that stays near 10^8. Character sets are compared
 * on a sample alphabet (ASCII, the pattern's own characters and a few others); a part the
 * analysis cannot read counts as matching anything, so the check errs on refusing.
 */
export function analyzeRegExp(source: string, flags: string): RegExpAnalysis {
  const scan: Scan = { source, index: 0, flags: flags.replace(/[gy]/g, ''), sample: sampleOf(source), longestChain: 0 };
  try {
    readAlternation(scan);
  } catch (error) {
    if (error instanceof Hazard) return { hazard: error.message, textLimit: 0 };
    throw error;
  }
  return { hazard: null, textLimit: Math.min(MAXIMUM_REGEXP_TEXT, Math.floor(10 ** (8 / (scan.longestChain + 1)))) };
}

class Hazard extends Error {}

/** Whether a character belongs to a set. */
type CharSet = (character: string) => boolean;

const ANY: CharSet = () => true;

interface Scan {
  source: string;
  index: number;
  flags: string;
  sample: readonly string[];
  /** The most variable-length parts found in a row, each overlapping the one before. */
  longestChain: number;
}

interface Fragment {
  /** Holds a part whose length varies (`*`, `+`, `?`, `{n,m}` with m > n). */
  variable: boolean;
  /** An alternation whose branches can start with the same character. */
  ambiguous: boolean;
  zeroWidth: boolean;
  /** Can match the empty string (`a*`, `(b?)`, `^`), so it separates nothing. */
  nullable: boolean;
  /** The characters it can start with; `chars`, those it can consume. */
  first: CharSet;
  chars: CharSet;
}

interface Quantifier {
  min: number;
  max: number;
}

const ONCE: Quantifier = { min: 1, max: 1 };

function sampleOf(source: string): string[] {
  const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
  return [...new Set([...ascii, ...source, 'é', 'ß', '中', '\u00a0', '\u2028', '😀'])];
}

function readAlternation(scan: Scan): Fragment {
  const branches = [readBranch(scan)];
  while (scan.source[scan.index] === '|') {
    scan.index += 1;
    branches.push(readBranch(scan));
  }
  const [only] = branches;
  return {
    variable: branches.some((branch) => branch.variable),
    ambiguous: only !== undefined && branches.length === 1 ? only.ambiguous : hasOverlap(scan, branches.map((branch) => branch.first)),
    zeroWidth: branches.every((branch) => branch.zeroWidth),
    nullable: branches.some((branch) => branch.nullable),
    first: union(branches.map((branch) => branch.first)),
    chars: union(branches.map((branch) => branch.chars)),
  };
}

/** A sequence of quantified atoms up to `|`, `)` or the end. */
function readBranch(scan: Scan): Fragment {
  const parts: { atom: Fragment; quantifier: Quantifier }[] = [];
  let chain: CharSet[] = [];
  while (scan.index < scan.source.length && scan.source[scan.index] !== '|' && scan.source[scan.index] !== ')') {
    const atom = readAtom(scan);
    const quantifier = readQuantifier(scan);
    rejectNesting(atom, quantifier);
    chain = extendChain(scan, chain, atom, quantifier);
    parts.push({ atom, quantifier });
  }
  const consuming = parts.filter(({ atom }) => !atom.zeroWidth);
  const [only] = parts;
  return {
    variable: parts.some(({ atom, quantifier }) => atom.variable || quantifier.max > quantifier.min),
    ambiguous: parts.length === 1 && only !== undefined && only.quantifier === ONCE && only.atom.ambiguous,
    zeroWidth: consuming.length === 0,
    nullable: parts.every(({ atom, quantifier }) => atom.nullable || quantifier.min === 0),
    first: firstOf(consuming),
    chars: union(consuming.map(({ atom }) => atom.chars)),
  };
}

/** A repetition of something variable or ambiguous can match one text in exponentially many ways. */
function rejectNesting(atom: Fragment, quantifier: Quantifier): void {
  if (quantifier.max <= 1) return;
  if (atom.variable) throw new Hazard('a repeated group holds a part of variable length (as in (a+)+ or (a?b?)*)');
  if (atom.ambiguous) throw new Hazard('a repeated alternation has branches that can match the same text (as in (a|ab)*)');
}

/**
 * Tracks variable-length parts in a row that can match the same characters: a part that must
 * match something none of them can match ends the run (`\d+-\d+` is fine); a part that may
 * match nothing (`\.?`) keeps it (`\d+\.?\d*` has two in a row).
 */
function extendChain(scan: Scan, chain: CharSet[], atom: Fragment, quantifier: Quantifier): CharSet[] {
  if (atom.zeroWidth) return chain;
  const skippable = atom.nullable || quantifier.min === 0;
  const kept = skippable ? chain : chain.filter((set) => overlaps(scan, set, atom.chars));
  if (!atom.variable && quantifier.max === quantifier.min) return kept;
  scan.longestChain = Math.max(scan.longestChain, chain.filter((set) => overlaps(scan, set, atom.chars)).length + 1);
  return [...kept, atom.chars];
}

/** What a branch can start with: its first consuming part, or anything when that is optional. */
function firstOf(parts: readonly { atom: Fragment; quantifier: Quantifier }[]): CharSet {
  const [first] = parts;
  return first === undefined || first.quantifier.min === 0 ? ANY : first.atom.first;
}

function readAtom(scan: Scan): Fragment {
  const character = scan.source[scan.index] ?? '';
  scan.index += 1;
  if (character === '(') return readGroup(scan);
  if (character === '[') return plain(setOf(scan, `[${readClassBody(scan)}]`));
  if (character === '\\') return readEscape(scan);
  if (character === '^' || character === '$') return ZERO_WIDTH;
  return plain(setOf(scan, character === '.' ? '.' : character.replace(/[$()*+.?[\\\]^{|}]/, '\\$&')));
}

const ZERO_WIDTH: Fragment = { variable: false, ambiguous: false, zeroWidth: true, nullable: true, first: () => false, chars: () => false };

function plain(set: CharSet): Fragment {
  return { variable: false, ambiguous: false, zeroWidth: false, nullable: false, first: set, chars: set };
}

function readGroup(scan: Scan): Fragment {
  const prefix = /^\?(?::|=|!|<=|<!|<[^>]*>)/.exec(scan.source.slice(scan.index))?.[0] ?? '';
  scan.index += prefix.length;
  const inner = readAlternation(scan);
  scan.index += 1; // the closing parenthesis: the pattern compiled, so it is there
  return ['?=', '?!', '?<=', '?<!'].includes(prefix) ? { ...inner, zeroWidth: true, nullable: true } : inner;
}

function readClassBody(scan: Scan): string {
  const start = scan.index;
  while (scan.index < scan.source.length && scan.source[scan.index] !== ']') scan.index += scan.source[scan.index] === '\\' ? 2 : 1;
  scan.index += 1;
  return scan.source.slice(start, scan.index - 1);
}

function readEscape(scan: Scan): Fragment {
  const rest = scan.source.slice(scan.index);
  const escape = /^(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|u\{[0-9a-fA-F]+\}|c[A-Za-z]|[pP]\{[^}]*\}|k<[^>]*>|[1-9]\d*|[\s\S])/.exec(rest)?.[0] ?? '';
  scan.index += escape.length;
  if (/^(?:[1-9]|k<)/.test(escape)) throw new Hazard('it uses a backreference');
  if (escape === 'b' || escape === 'B') return ZERO_WIDTH;
  return plain(setOf(scan, `\\${escape}`));
}

/** `{min, max}` of the quantifier after an atom; `{1, 1}` when there is none. */
function readQuantifier(scan: Scan): Quantifier {
  const match = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/.exec(scan.source.slice(scan.index));
  if (match === null) return ONCE;
  scan.index += match[0].length;
  if (match[1] !== undefined) return { min: match[1] === '+' ? 1 : 0, max: match[1] === '?' ? 1 : Infinity };
  const min = Number(match[2]);
  return { min, max: match[3] === undefined ? min : match[4] === '' ? Infinity : Number(match[4]) };
}

/** The set an atom's source matches, as one character; anything when it cannot be compiled alone. */
function setOf(scan: Scan, atomSource: string): CharSet {
  try {
    const pattern = new RegExp(`^(?:${atomSource})$`, scan.flags);
    return (character) => pattern.test(character);
  } catch {
    return ANY;
  }
}

function union(sets: readonly CharSet[]): CharSet {
  return (character) => sets.some((set) => set(character));
}

function overlaps(scan: Scan, a: CharSet, b: CharSet): boolean {
  return scan.sample.some((character) => a(character) && b(character));
}

/** True when some character is in two of the sets; linear in the sets, however many branches. */
function hasOverlap(scan: Scan, sets: readonly CharSet[]): boolean {
  return scan.sample.some((character) => sets.filter((set) => set(character)).length > 1);
}
