import type { ChatRequest } from '../chat/chat-provider';
import { groundingInstructions } from '../prompt/grounding-instructions';
import { renderNoteForPrompt } from '../prompt/render-note';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { NoteSnapshot } from '../scope/read-scope-notes';

/** Tokens kept free in the prompt for the request's framing and the schema. */
const FRAMING_TOKENS = 64;

/**
 * The request asking the model to extract data from one note into the caller's schema: a system
 * prompt that limits it to the note, asks for null (or an empty list) rather than invention and
 * for line citations; then the schema and the note with numbered lines (cut to fit).
 */
export function extractPrompt(note: NoteSnapshot, schema: unknown, options: { language?: string; schemaId?: string; maxInputTokens: number }): Pick<ChatRequest, 'system' | 'messages'> {
  const system = systemPrompt(options.language);
  const header = `Extract into this JSON Schema${options.schemaId === undefined ? '' : ` ("${options.schemaId}")`}:\n${JSON.stringify(schema)}`;
  const budget = options.maxInputTokens - estimateTokens(system) - estimateTokens(header) * 2 - FRAMING_TOKENS;
  return { system, messages: [{ role: 'user', content: `${header}\n\n${renderNoteForPrompt(note, { maxTokens: Math.max(budget, 1) })}` }] };
}

function systemPrompt(language: string | undefined): string {
  return [
    'You extract structured data from one Obsidian note into the JSON Schema the user gives.',
    groundingInstructions.useOnly('the note given below'),
    'Extract what it states, never invent entries. When it holds nothing of the kind, return an empty list for a list schema, else null.',
    groundingInstructions.noteFormat,
    groundingInstructions.notesAreData,
    groundingInstructions.cite('Give in citations the lines the data comes from'),
    'Confidence is a number from 0 to 1.',
    language === undefined ? 'Write text values in the language of the note.' : `Write text values in this language: ${language}.`,
  ].join('\n');
}
