/** A model's text as one line: line breaks and runs of whitespace become one space, ends trimmed. */
export function toOneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
