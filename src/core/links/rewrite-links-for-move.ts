import { parseLinktext } from '../metadata/linktext';
import type { CachedMetadata, Reference } from '../metadata/types';
import { applyTextEdits, type TextEdit } from './apply-text-edits';
import { chooseLinkPath } from './choose-link-path';
import { editYamlScalar } from './edit-yaml-scalar';
import { locateFrontmatterLinks } from './locate-frontmatter-links';
import { locateLinkPath, type LinkPathSpan } from './locate-link-path';
import type { LinkPlace } from './read-written-link';

/** The vault before and after a move, as link rewriting sees it. */
export interface MoveContext {
  /** Old file path to new file path; a folder move is expanded by the caller into its files. */
  moves: ReadonlyMap<string, string>;
  /** Obsidian link resolution against the vault as it was before the move. */
  resolveBefore(linkpath: string, sourcePath: string): string | null;
  /** Obsidian link resolution against the vault as it is after the move. */
  resolveAfter(linkpath: string, sourcePath: string): string | null;
}

/** What `rewriteLinksForMove` works on: one note, its parsed metadata and the move. */
export interface RewriteLinksInput {
  text: string;
  cache: CachedMetadata;
  sourcePathBefore: string;
  sourcePathAfter: string;
  context: MoveContext;
}

/** A new path for one link, and where in its `original` text the old path sits. */
interface PathRewrite {
  span: LinkPathSpan;
  replacement: string;
}

/**
 * Rewrites the links, embeds and frontmatter links of one note so they still reach their
 * targets after files move (the note itself may be among them). A link is edited only when its
 * text would no longer resolve to the moved target; then only its path bytes change, to the
 * shortest text that resolves, and its style (wikilink or markdown, embed mark, `.md`, subpath,
 * alias, percent-encoding, angle brackets, relative form) is kept. The new link is read back
 * with the parser before it is written; when no candidate reads as a link to the target, the
 * link is left as it was. Unresolved links and self-links (`[[#heading]]`) are never touched.
 * Returns the new text and how many links changed.
 */
export function rewriteLinksForMove(input: RewriteLinksInput): { text: string; changed: number } {
  const edits = [...bodyEdits(input), ...frontmatterEdits(input)];
  const result = applyTextEdits(input.text, edits);
  return { text: result.text, changed: result.applied };
}

function bodyEdits(input: RewriteLinksInput): TextEdit[] {
  const references = [...(input.cache.links ?? []), ...(input.cache.embeds ?? [])];
  return references.flatMap((reference) => {
    const start = reference.position.start.offset;
    if (input.text.slice(start, reference.position.end.offset) !== reference.original) return [];
    const rewrite = planPathRewrite(reference, input, 'body');
    return rewrite === null ? [] : [{ start: start + rewrite.span.start, end: start + rewrite.span.end, replacement: rewrite.replacement }];
  });
}

function frontmatterEdits(input: RewriteLinksInput): TextEdit[] {
  return locateFrontmatterLinks(input.text, input.cache).flatMap((site) => {
    const rewrite = planPathRewrite(site.reference, input, 'frontmatter');
    if (rewrite === null) return [];
    const from = site.index + rewrite.span.start;
    return [editYamlScalar(site.scalar, from, site.index + rewrite.span.end, rewrite.replacement)];
  });
}

function planPathRewrite(reference: Reference, input: RewriteLinksInput, place: LinkPlace): PathRewrite | null {
  const span = locateLinkPath(reference.original);
  const { path, subpath } = parseLinktext(reference.link);
  if (span === null || path === '') return null;
  const { context } = input;
  const targetBefore = context.resolveBefore(path, input.sourcePathBefore);
  if (targetBefore === null) return null;
  const target = context.moves.get(targetBefore) ?? targetBefore;
  if (context.resolveAfter(path, input.sourcePathAfter) === target) return null;
  const replacement = chooseLinkPath({
    target,
    sourcePath: input.sourcePathAfter,
    original: reference.original,
    span,
    oldPath: path,
    subpath,
    place,
    resolve: (linkpath, sourcePath) => context.resolveAfter(linkpath, sourcePath),
  });
  return replacement === null ? null : { span, replacement };
}
