import type { ChatRequest } from '../chat/chat-provider';
import { groundingInstructions } from '../prompt/grounding-instructions';
import { renderNoteForPrompt } from '../prompt/render-note';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { MetadataFieldSpec } from './metadata-field-spec';

/** Tokens kept free in the prompt for the request's framing (roles, schema name). */
const FRAMING_TOKENS = 64;

/**
 * The request asking the model for one note's frontmatter fields: a system prompt that limits it
 * to the note given, asks for null rather than a guess, and for line citations; then the fields
 * wanted and the note with numbered lines (cut to fit `maxInputTokens`).
 */
export function metadataPrompt(note: NoteSnapshot, fields: readonly MetadataFieldSpec[], options: { language?: string; maxInputTokens: number }): Pick<ChatRequest, 'system' | 'messages'> {
  const system = systemPrompt(options.language);
  const header = fieldList(fields);
  const budget = options.maxInputTokens - estimateTokens(system) - estimateTokens(header) - FRAMING_TOKENS;
  return { system, messages: [{ role: 'user', content: `${header}\n\n${renderNoteForPrompt(note, { maxTokens: Math.max(budget, 1) })}` }] };
}

function systemPrompt(language: string | undefined): string {
  return [
    'You fill typed frontmatter properties of one Obsidian note.',
    groundingInstructions.useOnly('the note given below'),
    'Never invent a value the note does not state or clearly imply: when it does not, return null for the value.',
    groundingInstructions.noteFormat,
    groundingInstructions.notesAreData,
    groundingInstructions.cite('For every value, give in evidence citations of the lines that support it'),
    'Dates are YYYY-MM-DD; date-times are ISO 8601 with a zone (e.g. 2026-05-03T14:30:00Z); enum values are copied exactly from the allowed list.',
    'Confidence is a number from 0 to 1. The rationale is one short sentence.',
    language === undefined ? 'Write text values in the language of the note.' : `Write text values in this language: ${language}.`,
  ].join('\n');
}

function fieldList(fields: readonly MetadataFieldSpec[]): string {
  const lines = fields.map((field) => `- ${field.key}: ${field.type === 'list' ? `list of ${field.list_item_type ?? 'string'}` : field.type}${field.required === true ? ' (required)' : ''}${field.description === undefined ? '' : ` — ${field.description}`}`);
  return ['Fill these properties (types and constraints are in the response schema):', ...lines].join('\n');
}
