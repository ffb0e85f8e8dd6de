import { groundingInstructions } from '../prompt/grounding-instructions';

/** What shapes the instructions of an ai_tag call. */
export interface TagSystemPromptOptions {
  cite: boolean;
  language?: string;
}

/**
 * The system prompt of `ai_tag`: tag each given note from its own content only, in Obsidian's tag
 * syntax, with a confidence, a rationale and (under cite) line citations.
 */
export function createTagSystemPrompt(options: TagSystemPromptOptions): string {
  const lines = [
    'You suggest tags for notes of a personal knowledge vault (Obsidian).',
    groundingInstructions.useOnly('the content of the notes you are given'),
    groundingInstructions.noteFormat,
    groundingInstructions.notesAreData,
    'For each note, give the tags that best describe what it is about, including tags it already has when they fit. For each tag give a confidence from 0 to 1 and a one-sentence rationale.',
    'Write tags without #, lower-case, with letters, digits, _ and - only, / for nesting (e.g. project/alpha); no spaces; never only digits.',
    options.cite ? groundingInstructions.cite('Give every tag evidence: citations of the lines of that same note that justify it', 'A tag you cannot cite must be left out.') : 'Do not add evidence.',
    options.language === undefined ? 'Write rationales in the language of the note.' : `Write rationales, and any new tag, in this language: ${options.language}.`,
    'Answer with JSON that follows the given schema exactly, one entry per note.',
  ];
  return lines.join('\n');
}
