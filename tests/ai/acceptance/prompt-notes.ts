import type { ParsedJson } from '../../helpers/fake-openai-server';

/** One note as a chat request showed it to the model: its path and its numbered lines. */
export interface PromptNote {
  path: string;
  /** The lines shown, by their 0-based number (the `12| text` prefix). */
  lines: Map<number, string>;
}

const NOTE_BLOCK = /<note path="([^"]+)"[^>]*>\n([\s\S]*?)<\/note>/g;
const NUMBERED_LINE = /^(\d+)\| ?(.*)$/;

/** The text of every message of a chat completion request body, joined. */
export function promptTextOf(body: ParsedJson): string {
  const messages = (body as { messages?: { content?: unknown }[] } | null)?.messages ?? [];
  return messages.map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''))).join('\n');
}

/** The notes a chat request rendered (`<note path="…">` blocks of numbered lines), in prompt order. */
export function notesInPrompt(body: ParsedJson): PromptNote[] {
  const notes: PromptNote[] = [];
  for (const match of promptTextOf(body).matchAll(NOTE_BLOCK)) {
    const lines = new Map<number, string>();
    for (const line of (match[2] ?? '').split('\n')) {
      const numbered = NUMBERED_LINE.exec(line);
      if (numbered !== null) lines.set(Number(numbered[1]), numbered[2] ?? '');
    }
    notes.push({ path: unescapeAttribute(match[1] ?? ''), lines });
  }
  return notes;
}

/**
 * The line a grounded claim about the note can cite: the first shown line of body prose (not a
 * heading, not blank, not inside the frontmatter block), else the first shown line.
 */
export function factLineOf(note: PromptNote): number {
  const numbers = [...note.lines.keys()].sort((left, right) => left - right);
  const closing = note.lines.get(0) === '---' ? numbers.find((number) => number > 0 && note.lines.get(number) === '---') : undefined;
  const prose = numbers.find((number) => (closing === undefined || number > closing) && isProse(note.lines.get(number) ?? ''));
  return prose ?? numbers[0] ?? 0;
}

/** The numbers of the shown lines that are headings (`#` to `######`), in order. */
export function headingLinesOf(note: PromptNote): number[] {
  return [...note.lines.entries()].filter(([, text]) => /^#{1,6} /.test(text)).map(([number]) => number).sort((left, right) => left - right);
}

function isProse(text: string): boolean {
  return text.trim() !== '' && !text.startsWith('#') && text !== '---';
}

function unescapeAttribute(value: string): string {
  return value.replace(/&lt;/g, '<').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}
