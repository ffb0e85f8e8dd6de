import * as z from 'zod';

/**
 * A citation as the model returns it, before verification: the note's path and where in it, by
 * heading or block anchor and/or 0-based line (`end_line` closes a span), optionally with the
 * quoted text.
 */
export interface CitationCandidate {
  path: string;
  anchor?: string;
  line?: number;
  end_line?: number;
  quote?: string;
}

/**
 * Parses one citation of a model's reply into a {@link CitationCandidate}. Nulls (which strict
 * structured-output modes use for absent fields) become absent keys; unknown keys are dropped.
 * Lines are not checked here: `verifyCitations` drops lines that are not lines of the note.
 */
export const citationCandidateSchema = z
  .object({
    path: z.string(),
    anchor: z.string().nullish(),
    line: z.number().nullish(),
    end_line: z.number().nullish(),
    quote: z.string().nullish(),
  })
  .transform(
    (raw): CitationCandidate => ({
      path: raw.path,
      ...(raw.anchor === null || raw.anchor === undefined ? {} : { anchor: raw.anchor }),
      ...(raw.line === null || raw.line === undefined ? {} : { line: raw.line }),
      ...(raw.end_line === null || raw.end_line === undefined ? {} : { end_line: raw.end_line }),
      ...(raw.quote === null || raw.quote === undefined ? {} : { quote: raw.quote }),
    }),
  );
