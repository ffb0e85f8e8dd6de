import { CharClass, classOfCodePoint, classOfCodeUnit, type CharClassValue } from './char-class';

/** What a span is: a word that is already lower-case ASCII, any other word, or ideographs. */
export const SpanKind = { ASCII_LOWER_WORD: 0, WORD: 1, IDEOGRAPHS: 2 } as const;

/** One of the {@link SpanKind} values. */
export type SpanKindValue = (typeof SpanKind)[keyof typeof SpanKind];

/** Receives each span of text that makes a term (`end` exclusive, UTF-16 units). */
export type SpanVisitor = (start: number, end: number, kind: SpanKindValue) => void;

/** Whether text is being indexed or is a query: they differ only for scripts written without spaces. */
export type TokenizeMode = 'index' | 'query';

/**
 * Finds the spans of `text` that make terms, in order, by character class (no regular
 * expressions, no strings built): each word of letters, digits and marks in any script; for
 * runs of Han, kana or Hangul, overlapping character bigrams, plus every character alone in
 * `index` mode (so a one-character query finds it) or only when the run is one character long
 * in `query` mode.
 */
export function scanWords(text: string, visit: SpanVisitor, mode: TokenizeMode = 'index'): void {
  let index = 0;
  while (index < text.length) {
    const kind = classAt(text, index);
    if (kind === CharClass.SEPARATOR) index += widthAt(text, index);
    else if (kind === CharClass.WORD) index = scanWord(text, index, visit);
    else index = scanIdeographs(text, index, visit, mode);
  }
}

function scanWord(text: string, start: number, visit: SpanVisitor): number {
  let index = start;
  let isAsciiLower = true;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    // ASCII inline: this loop sees every character of the vault.
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) index += 1;
    else if (code >= 0x41 && code <= 0x5a) {
      isAsciiLower = false;
      index += 1;
    } else if (code < 0x80 || classAt(text, index) !== CharClass.WORD) break;
    else {
      isAsciiLower = false;
      index += widthAt(text, index);
    }
  }
  visit(start, index, isAsciiLower ? SpanKind.ASCII_LOWER_WORD : SpanKind.WORD);
  return index;
}

function scanIdeographs(text: string, start: number, visit: SpanVisitor, mode: TokenizeMode): number {
  const starts: number[] = [];
  let index = start;
  while (index < text.length && classAt(text, index) === CharClass.IDEOGRAPH) {
    starts.push(index);
    index += widthAt(text, index);
  }
  starts.push(index);
  const count = starts.length - 1;
  for (let position = 0; position < count; position += 1) {
    const from = starts[position] ?? 0;
    if (mode === 'index' || count === 1) visit(from, starts[position + 1] ?? index, SpanKind.IDEOGRAPHS);
    if (position + 1 < count) visit(from, starts[position + 2] ?? index, SpanKind.IDEOGRAPHS);
  }
  return index;
}

function classAt(text: string, index: number): CharClassValue {
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff) return classOfCodeUnit(code);
  const codePoint = text.codePointAt(index) ?? code;
  return codePoint === code ? CharClass.SEPARATOR : classOfCodePoint(codePoint);
}

function widthAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff && (text.codePointAt(index) ?? code) !== code ? 2 : 1;
}
