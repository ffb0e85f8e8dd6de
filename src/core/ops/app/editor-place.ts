import * as z from 'zod';

/** A place in a note as the editor gives it: 0-based line and character. */
export const editorPlaceSchema = z.object({ line: z.number().int().describe('0-based line.'), ch: z.number().int().describe('0-based character in the line.') });
