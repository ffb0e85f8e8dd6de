import { buildOutline } from '../../markdown/build-outline';
import { nullWhenFrontmatterInvalid } from '../../markdown/null-when-frontmatter-invalid';
import { readFrontmatter } from '../../markdown/read-frontmatter';
import { parseMetadata } from '../../metadata/parse-metadata';
import type { CachedMetadata } from '../../metadata/types';
import type { OperationContext } from '../../ops/operation-context';
import { estimateTokens } from '../runtime/estimate-tokens';

/** One heading of a snapshot's outline; `line` is 0-based. */
export interface SnapshotHeading {
  heading: string;
  level: number;
  line: number;
}

/** A note as an AI operation read it: the exact text and the etag the model's citations pin. */
export interface NoteSnapshot {
  path: string;
  etag: string;
  text: string;
  /** The metadata parsed from `text` (headings, links, tags…), for whoever needs more than the outline. */
  metadata: CachedMetadata;
  /** Parsed frontmatter; null when the note has none or its YAML does not parse. */
  frontmatter: Record<string, unknown> | null;
  /** 0-based line where the body starts (after the frontmatter block; 0 without one). */
  bodyStartLine: number;
  outline: SnapshotHeading[];
  /** Estimated tokens of the text (see `estimateTokens`). */
  tokens: number;
}

/**
 * Reads the notes of a resolved scope, in the order given, each parsed from the very text read
 * (so outline lines and the etag agree even while the file changes). A note that vanished since
 * the scope was resolved fails with `not_found`, as every read does.
 */
export function readScopeNotes(context: OperationContext, paths: readonly string[]): Promise<NoteSnapshot[]> {
  return Promise.all(paths.map(async (path) => toSnapshot(path, await context.host.read(path), context.etag)));
}

/** Builds the snapshot of a note's text (exported for callers that already hold the text). */
export function toSnapshot(path: string, text: string, etag: (text: string) => string): NoteSnapshot {
  const metadata = parseMetadata(text);
  return {
    path,
    etag: etag(text),
    text,
    metadata,
    frontmatter: nullWhenFrontmatterInvalid(() => readFrontmatter(text)),
    bodyStartLine: bodyStartLineOf(metadata),
    outline: buildOutline(metadata.headings).map(({ heading, level, line }) => ({ heading, level, line })),
    tokens: estimateTokens(text),
  };
}

function bodyStartLineOf(metadata: CachedMetadata): number {
  const position = metadata.frontmatterPosition ?? metadata.sections?.find((section) => section.type === 'yaml')?.position;
  return position === undefined ? 0 : position.end.line + 1;
}
