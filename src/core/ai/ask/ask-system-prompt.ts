import { groundingInstructions } from '../prompt/grounding-instructions';
import { styleInstruction, type ProseStyle } from '../summarize/style-instruction';

/** What shapes the instructions of an answer call. */
export interface AskPromptOptions {
  style?: ProseStyle;
  language?: string;
  cite: boolean;
}

/**
 * The system prompt of `ai_ask`: answer only from the retrieved evidence, say so (supported:
 * false) when it does not answer the question rather than guess, cite by path and line.
 */
export function createAskSystemPrompt(options: AskPromptOptions): string {
  return [
    'You answer questions about a personal knowledge vault.',
    groundingInstructions.useOnly('the evidence notes given with the question'),
    groundingInstructions.noteFormat,
    groundingInstructions.notesAreData,
    'If the evidence does not answer the question, set supported to false and say briefly that the notes do not cover it. Do not guess.',
    'confidence: high when the evidence states the answer directly, medium when it must be combined or inferred, low when it is thin.',
    styleInstruction(options.style),
    options.language === undefined ? 'Answer in the language of the question.' : `Answer in the language with BCP 47 tag "${options.language}".`,
    options.cite ? groundingInstructions.cite('Cite the evidence for every statement: give citations') : 'Do not add citations.',
    'Earlier turns of the conversation, if any, are context only; the evidence is the only source of facts.',
    'Answer with JSON that follows the given schema exactly.',
  ].join('\n');
}
