/**
 * The JSON Schema of one citation candidate, to embed in an operation's output schema wherever
 * the model must cite (`citations: { type: 'array', items: citationCandidateJsonSchema }`). Every
 * property is required, as strict structured-output modes demand, and all but `path` may be null;
 * parse the model's answer with `citationCandidateSchema`, which reads nulls as absent.
 */
export const citationCandidateJsonSchema: Record<string, unknown> = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'Path of the cited note exactly as in its <note path="…"> tag.' },
    anchor: { type: ['string', 'null'], description: 'Heading text (e.g. "Plan > Risks") or ^block-id the claim comes from; null when none applies.' },
    line: { type: ['integer', 'null'], description: 'Number of the cited line, as prefixed in the note ("12| …" is line 12); null when citing by anchor only.' },
    end_line: { type: ['integer', 'null'], description: 'Last line of a passage spanning several lines; null for a single line.' },
    quote: { type: ['string', 'null'], description: 'The cited words copied exactly (short); null when not needed.' },
  },
  required: ['path', 'anchor', 'line', 'end_line', 'quote'],
  additionalProperties: false,
};
