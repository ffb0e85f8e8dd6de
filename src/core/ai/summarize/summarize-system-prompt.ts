import { languageInstruction } from './language-instruction';
import { LENGTH_TARGET_TOKENS, type SummaryLength } from './length-target';
import { styleInstruction, type ProseStyle } from './style-instruction';

/** What shapes the instructions of a summary call. */
export interface SummarizePromptOptions {
  style?: ProseStyle;
  length?: SummaryLength;
  language?: string;
  audience?: string;
  cite: boolean;
}

const CITE_RULE =
  'Cite every claim: give each key point, and the text as a whole, citations of the notes it comes from, each with the note path exactly as given and the 0-based line number shown before the cited line (or the heading text as anchor). Never cite a note or line you were not shown. A key point you cannot cite must be left out.';

/**
 * The system prompt of `ai_summarize`: use only the given notes, cite them by path and line,
 * aim at the requested length, style, language and audience.
 */
export function createSummarizeSystemPrompt(options: SummarizePromptOptions): string {
  const target = LENGTH_TARGET_TOKENS[options.length ?? 'medium'];
  const lines = [
    'You summarize notes from a personal knowledge vault.',
    'Use ONLY the content of the notes you are given; add nothing from outside them. Each note comes as <note path="…" etag="…"> with every line prefixed by its 0-based line number ("12| text").',
    `Aim for about ${target} tokens in the text field.`,
    styleInstruction(options.style),
    languageInstruction(options.language),
    ...(options.audience === undefined ? [] : [`The reader is: ${options.audience}. Emphasize what matters to them.`]),
    options.cite ? CITE_RULE : 'Do not add citations.',
    'Answer with JSON that follows the given schema exactly.',
  ];
  return lines.join('\n');
}
