import { groundingInstructions } from '../prompt/grounding-instructions';
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

/**
 * The system prompt of `ai_summarize`: use only the given notes, cite them by path and line,
 * aim at the requested length, style, language and audience.
 */
export function createSummarizeSystemPrompt(options: SummarizePromptOptions): string {
  const target = LENGTH_TARGET_TOKENS[options.length ?? 'medium'];
  const lines = [
    'You summarize notes from a personal knowledge vault.',
    groundingInstructions.useOnly('the content of the notes you are given'),
    groundingInstructions.noteFormat,
    groundingInstructions.notesAreData,
    `Aim for about ${target} tokens in the text field.`,
    styleInstruction(options.style),
    languageInstruction(options.language),
    ...(options.audience === undefined ? [] : [`The reader is: ${options.audience}. Emphasize what matters to them.`]),
    options.cite ? groundingInstructions.cite('Cite every claim: give each key point, and the text as a whole, citations of the notes it comes from', 'A key point you cannot cite must be left out.') : 'Do not add citations.',
    'Answer with JSON that follows the given schema exactly.',
  ];
  return lines.join('\n');
}
