import { toCanonicalJson } from '../../canonical-json';
import type { CachedMetadata } from '../../metadata/types';
import type { OperationContext } from '../../ops/operation-context';
import type { AiWarning, Citation } from '../ai-schemas';
import { noteLines } from '../prompt/note-lines';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { CitationCandidate } from './citation-candidate';
import { citedSnippet } from './cited-snippet';
import { resolveAnchor } from './resolve-anchor';

export type { CitationCandidate } from './citation-candidate';

/** Why a candidate was dropped. */
export type DropReason = 'not_in_scope' | 'missing' | 'etag_changed' | 'anchor_not_found' | 'line_out_of_range';

/** A candidate that did not survive verification. */
export interface DroppedCitation {
  candidate: CitationCandidate;
  reason: DropReason;
}

/** The outcome of verifying a model's citations. */
export interface VerifiedCitations {
  /** The surviving citations, de-duplicated, in the order the model gave them. */
  citations: Citation[];
  /** One citation_drift or citation_invalid warning per dropped candidate. */
  warnings: AiWarning[];
  dropped: DroppedCitation[];
}

/** A note of the call, with what is known of it now. */
interface CitedNote {
  snapshot: NoteSnapshot;
  lines: string[];
  metadata: CachedMetadata;
  currentEtag: string | null;
}

/**
 * Verifies a model's citations against the vault (seed 002 §6): a citation is kept only when its
 * path is one of `notes` (the notes the model was shown), the note still exists and still has the
 * snapshot's etag (else `citation_drift`), and its anchor and lines resolve (else
 * `citation_invalid`). Kept citations get the etag, the canonical anchor, the line (an anchor's
 * line when the given line lies outside the anchor's section), a span for multi-line passages
 * and a snippet of the cited lines (at most 200 characters). Identical citations are kept once.
 */
export async function verifyCitations(context: OperationContext, candidates: readonly CitationCandidate[], notes: readonly NoteSnapshot[]): Promise<VerifiedCitations> {
  const lookup = createNoteLookup(context, notes);
  const kept = new Map<string, Citation>();
  const result: VerifiedCitations = { citations: [], warnings: [], dropped: [] };
  for (const candidate of candidates) {
    const outcome = verifyOne(candidate, await lookup(candidate.path));
    if ('reason' in outcome) {
      result.dropped.push({ candidate, reason: outcome.reason });
      result.warnings.push(dropWarning(candidate, outcome.reason));
      continue;
    }
    const key = toCanonicalJson(outcome);
    if (!kept.has(key)) kept.set(key, outcome);
  }
  result.citations = [...kept.values()];
  return result;
}

function createNoteLookup(context: OperationContext, notes: readonly NoteSnapshot[]): (path: string) => Promise<CitedNote | null> {
  const snapshots = new Map(notes.map((note) => [note.path, note]));
  const known = new Map<string, Promise<CitedNote>>();
  return (path) => {
    const snapshot = snapshots.get(path) ?? snapshots.get(`${path}.md`);
    if (snapshot === undefined) return Promise.resolve(null);
    let note = known.get(snapshot.path);
    if (note === undefined) {
      note = describe(context, snapshot);
      known.set(snapshot.path, note);
    }
    return note;
  };
}

async function describe(context: OperationContext, snapshot: NoteSnapshot): Promise<CitedNote> {
  return { snapshot, lines: noteLines(snapshot.text), metadata: snapshot.metadata, currentEtag: await currentEtagOf(context, snapshot.path) };
}

async function currentEtagOf(context: OperationContext, path: string): Promise<string | null> {
  if (context.host.stat(path) === null) return null;
  try {
    return context.etag(await context.host.read(path));
  } catch {
    // Deleted or made unreadable between the stat and the read: the citation cannot be checked.
    return null;
  }
}

function verifyOne(candidate: CitationCandidate, note: CitedNote | null): Citation | { reason: DropReason } {
  if (note === null) return { reason: 'not_in_scope' };
  if (note.currentEtag === null) return { reason: 'missing' };
  if (note.currentEtag !== note.snapshot.etag) return { reason: 'etag_changed' };
  const lineCount = note.lines.length;
  if (!isLineOf(candidate.line, lineCount) || !isLineOf(candidate.end_line, lineCount)) return { reason: 'line_out_of_range' };
  const place = placeOf(candidate, note);
  if (place === null) return { reason: 'anchor_not_found' };
  return toCitation(note, place);
}

function isLineOf(line: number | undefined, lineCount: number): boolean {
  return line === undefined || (Number.isInteger(line) && line >= 0 && line < lineCount);
}

interface Place {
  anchor?: string;
  line?: number;
  endLine?: number;
}

function placeOf(candidate: CitationCandidate, note: CitedNote): Place | null {
  const given = candidate.line ?? (candidate.anchor === undefined || candidate.anchor.trim() === '' ? quotedLine(candidate.quote, note.lines) : undefined);
  const endLine = given !== undefined && candidate.end_line !== undefined && candidate.end_line > given ? candidate.end_line : undefined;
  if (candidate.anchor === undefined || candidate.anchor.trim() === '') return { ...(given === undefined ? {} : { line: given }), ...(endLine === undefined ? {} : { endLine }) };
  const target = resolveAnchor(note.metadata, note.lines.length, candidate.anchor, given);
  if (target === null) return null;
  if (given === undefined || given < target.line || given > target.endLine) {
    return { anchor: target.anchor, line: target.line, ...(target.kind === 'block' && target.endLine > target.line ? { endLine: target.endLine } : {}) };
  }
  return { anchor: target.anchor, line: given, ...(endLine === undefined ? {} : { endLine: Math.min(endLine, target.endLine) }) };
}

/** The first line holding the start of a quote (whitespace and case evened out). */
function quotedLine(quote: string | undefined, lines: readonly string[]): number | undefined {
  const wanted = normalise(quote?.split('\n').find((part) => part.trim() !== '') ?? '');
  if (wanted === '') return undefined;
  const index = lines.findIndex((line) => normalise(line).includes(wanted));
  return index === -1 ? undefined : index;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function toCitation(note: CitedNote, place: Place): Citation {
  const span = place.line !== undefined && place.endLine !== undefined && place.endLine > place.line ? ([place.line, place.endLine] as [number, number]) : undefined;
  return {
    path: note.snapshot.path,
    etag: note.snapshot.etag,
    ...(place.anchor === undefined ? {} : { anchor: place.anchor }),
    ...(place.line === undefined ? {} : { line: place.line, snippet: citedSnippet(note.lines, place.line, span?.[1] ?? place.line) }),
    ...(span === undefined ? {} : { span }),
  };
}

function dropWarning(candidate: CitationCandidate, reason: DropReason): AiWarning {
  const details = { ...(candidate.anchor === undefined ? {} : { anchor: candidate.anchor }), ...(candidate.line === undefined ? {} : { line: candidate.line }), reason };
  if (reason === 'etag_changed') {
    return { code: 'citation_drift', message: `A citation of "${candidate.path}" was dropped: the note changed after the model read it. Run the call again to cite the current text.`, path: candidate.path, details };
  }
  return { code: 'citation_invalid', message: `A citation of "${candidate.path}" was dropped: ${INVALID_REASONS[reason]}.`, path: candidate.path, details };
}

const INVALID_REASONS: Record<Exclude<DropReason, 'etag_changed'>, string> = {
  not_in_scope: 'the model cited a note it was not given',
  missing: 'the note no longer exists',
  anchor_not_found: 'no heading or block of the note matches its anchor',
  line_out_of_range: 'its line is not a line of the note',
};
