import * as z from 'zod';
import type { OperationContext } from '../../ops/operation-context';
import type { Citation } from '../ai-schemas';
import { readModelReply } from '../chat/read-model-reply';
import { groundingFailedError } from '../grounding/grounding-failed-error';
import { ungroundedDroppedWarning } from '../grounding/ungrounded-dropped-warning';
import { verifyCitations } from '../grounding/verify-citations';
import { renderNoteForPrompt } from '../prompt/render-note';
import type { AiSession } from '../runtime/run-ai-call';
import type { NoteSnapshot, SnapshotHeading } from '../scope/read-scope-notes';
import { toOneLine } from './to-one-line';
import { describeHeadingsSystem } from './toc-prompts';

/** Section descriptions by heading line, and the citation of each (the heading's line). */
export interface HeadingDescriptions {
  byLine: Map<number, string>;
  citations: Citation[];
}

const descriptionsJsonSchema = {
  type: 'object',
  properties: {
    descriptions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          line: { type: 'integer', minimum: 0, description: 'The heading\'s line number, exactly as listed.' },
          description: { type: 'string', description: 'One short line: what the section covers.' },
        },
        required: ['line', 'description'],
        additionalProperties: false,
      },
    },
  },
  required: ['descriptions'],
  additionalProperties: false,
} as const;

const descriptionsSchema = z.object({ descriptions: z.array(z.object({ line: z.number().int(), description: z.string() })) });

/**
 * Asks the chat model, in one call, for a one-line description of each heading's section, then
 * keeps a description only where its line is one of `headings` and the citation of that line
 * verifies against the note (warnings for the rest). Headings left without a description are
 * reported as `ungrounded_dropped`; when none keeps one, the call fails with
 * `ai_grounding_failed`. No call is made for a note without headings.
 */
export async function describeHeadings(context: OperationContext, session: AiSession, note: NoteSnapshot, headings: readonly SnapshotHeading[], language?: string): Promise<HeadingDescriptions> {
  if (headings.length === 0) return { byLine: new Map(), citations: [] };
  const reply = await session.chat({
    system: describeHeadingsSystem(language),
    messages: [{ role: 'user', content: `${renderNoteForPrompt(note)}\n\nHeadings to describe (line: heading):\n${headings.map((heading) => `${heading.line}: ${heading.heading}`).join('\n')}` }],
    json_schema: descriptionsJsonSchema,
    schema_name: 'toc_descriptions',
  });
  const proposed = latestByLine(readModelReply(reply, descriptionsSchema, { operation: 'ai_toc', provider: context.ai.chat?.provider }).descriptions);
  const wanted = new Set(headings.map((heading) => heading.line));
  const candidates = [...proposed.keys()].filter((line) => wanted.has(line)).map((line) => ({ path: note.path, line }));
  reportUnknownLines(session, note.path, [...proposed.keys()].filter((line) => !wanted.has(line)));
  const verified = await verifyCitations(context, candidates, [note]);
  verified.warnings.forEach((warning) => session.warn(warning));
  const citations = verified.citations.filter((citation) => citation.line !== undefined);
  citations.forEach((citation) => session.emit({ type: 'ai.citation', citation }));
  const byLine = new Map(citations.map((citation) => [citation.line as number, proposed.get(citation.line as number) as string]));
  reportUndescribed(session, note.path, headings, byLine, verified.dropped);
  return { byLine, citations };
}

/** The model's descriptions as one line each, the last one winning for a repeated line; empty ones left out. */
function latestByLine(descriptions: readonly { line: number; description: string }[]): Map<number, string> {
  const byLine = new Map<number, string>();
  for (const entry of descriptions) {
    const text = toOneLine(entry.description);
    if (text !== '') byLine.set(entry.line, text);
  }
  return byLine;
}

function reportUnknownLines(session: AiSession, path: string, lines: readonly number[]): void {
  if (lines.length === 0) return;
  session.warn({ code: 'citation_invalid', message: `The model described ${lines.length} line(s) of "${path}" that hold no listed heading; those descriptions were dropped.`, path, details: { lines: [...lines] } });
}

function reportUndescribed(session: AiSession, path: string, headings: readonly SnapshotHeading[], byLine: ReadonlyMap<number, string>, dropped: readonly { candidate: { path: string; line?: number }; reason: string }[]): void {
  const missing = headings.filter((heading) => !byLine.has(heading.line));
  if (missing.length === 0) return;
  if (byLine.size === 0) {
    throw groundingFailedError(`No description the model wrote for the headings of "${path}" could be tied to a heading of the note, so none is returned. Retry, or ask without include_descriptions.`, dropped.map(({ candidate, reason }) => ({ path: candidate.path, line: candidate.line, reason })));
  }
  session.warn(ungroundedDroppedWarning({ path, message: `${missing.length} heading(s) of "${path}" got no grounded description and are listed without one.`, details: { lines: missing.map((heading) => heading.line) } }));
}
