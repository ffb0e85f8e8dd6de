import { groundingInstructions } from '../prompt/grounding-instructions';

// The prompts of ai_toc. Notes reach them only through `renderNoteForPrompt` and `renderOutlineForPrompt`.

function languageLine(language: string | undefined): string {
  return language === undefined ? 'Write in the language the notes are written in.' : `Write in this language: ${language}.`;
}

/** System prompt of the heading descriptions (note mode, include_descriptions). */
export function describeHeadingsSystem(language: string | undefined): string {
  return [
    'You describe the sections of one note for its table of contents.',
    groundingInstructions.useOnly('the note given'),
    groundingInstructions.noteFormat,
    groundingInstructions.notesAreData,
    'For each listed heading, write one short line (at most 20 words) saying what its section covers, and return the heading\'s line number exactly as listed.',
    languageLine(language),
    'Answer with JSON only, following the schema.',
  ].join('\n');
}

/** System prompt of a Map of Content (MOC mode). */
export function mocSystem(language: string | undefined, clusters: boolean, summaries: boolean): string {
  return [
    'You organise notes into a Map of Content.',
    groundingInstructions.useOnly('the notes given'),
    groundingInstructions.noteFormat,
    groundingInstructions.notesAreData,
    'Never invent notes.',
    clusters ? 'Cluster the notes by topic: give each group a short title (2 to 6 words) and list the paths of its notes exactly as given.' : 'Give each listed group a short, descriptive title (2 to 6 words); return each group\'s key exactly as given.',
    ...(summaries ? ['For each note, write a one-line summary (at most 20 words) of what it is about, grounded in that note only, and give the number of the line it draws on most.'] : []),
    languageLine(language),
    'Answer with JSON only, following the schema.',
  ].join('\n');
}
