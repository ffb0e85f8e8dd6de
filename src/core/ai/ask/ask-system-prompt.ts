import { styleInstruction, type ProseStyle } from '../summarize/style-instruction';

/** What shapes the instructions of an answer call. */
export interface AskPromptOptions {
  style?: ProseStyle;
  language?: string;
  cite: boolean;
}

const CITE_RULE =
  'Cite the evidence for every statement: give citations with the note path exactly as given and the 0-based line number shown before the cited line (or the heading text as anchor). Never cite a note or line you were not shown.';

/**
 * The system prompt of `ai_ask`: answer only from the retrieved evidence, say so (supported:
 * false) when it does not answer the question rather than guess, cite by path and line.
 */
export function createAskSystemPrompt(options: AskPromptOptions): string {
  return [
    'You answer questions about a personal knowledge vault.',
    'Use ONLY the evidence notes given with the question; never use outside knowledge. Each note comes as <note path="…" etag="…"> with every line prefixed by its 0-based line number ("12| text"); some show only a range of lines.',
    'If the evidence does not answer the question, set supported to false and say briefly that the notes do not cover it. Do not guess.',
    'confidence: high when the evidence states the answer directly, medium when it must be combined or inferred, low when it is thin.',
    styleInstruction(options.style),
    options.language === undefined ? 'Answer in the language of the question.' : `Answer in the language with BCP 47 tag "${options.language}".`,
    options.cite ? CITE_RULE : 'Do not add citations.',
    'Earlier turns of the conversation, if any, are context only; the evidence is the only source of facts.',
    'Answer with JSON that follows the given schema exactly.',
  ].join('\n');
}
