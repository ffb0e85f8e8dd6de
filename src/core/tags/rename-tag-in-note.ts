import { IndxError } from '../errors';
import { applyTextEdits, type TextEdit } from '../links/apply-text-edits';
import { editYamlScalar } from '../links/edit-yaml-scalar';
import type { CachedMetadata } from '../metadata/types';
import { findFrontmatterTagScalars } from './find-frontmatter-tag-scalars';
import { hasTagPrefix } from './has-tag-prefix';
import { isValidTagName, normalizeTag } from './tag-name';

/** What `renameTagInNote` works on: one note, its parsed metadata and the rename. */
export interface RenameTagInput {
  text: string;
  cache: CachedMetadata;
  /** The tag to rename, with or without `#`; matched without regard to case. */
  from: string;
  /** Its new name, with or without `#`; written exactly as given. */
  to: string;
}

/**
 * Renames a tag and its nested children (`#from/child` becomes `#to/child`; `#fromage` is
 * another tag) in one note: inline tags at their cached positions, and the values of the
 * frontmatter `tags` property (list, flow list or single value, quoted or not, with or without
 * `#`; a value that is not one valid tag, like `a, b`, is left alone, as Obsidian reads no tag
 * from it). Only the tag-name bytes change. A rename onto a tag the frontmatter already lists
 * leaves both entries in place (a duplicate), so no unrelated byte moves.
 * Throws `invalid_input` when `from` or `to` is not a valid tag name.
 */
export function renameTagInNote(input: RenameTagInput): { text: string; changed: number } {
  const from = requireTagName(input.from, 'from');
  const to = requireTagName(input.to, 'to');
  const edits = [...inlineEdits(input, from, to), ...frontmatterEdits(input, from, to)];
  const result = applyTextEdits(input.text, edits);
  return { text: result.text, changed: result.applied };
}

function inlineEdits(input: RenameTagInput, from: string, to: string): TextEdit[] {
  return (input.cache.tags ?? []).flatMap((tag) => {
    const start = tag.position.start.offset;
    const written = input.text.slice(start, tag.position.end.offset);
    if (written !== tag.tag || !written.startsWith('#') || !hasTagPrefix(written.slice(1), from)) return [];
    return [{ start: start + 1, end: start + 1 + from.length, replacement: to }];
  });
}

function frontmatterEdits(input: RenameTagInput, from: string, to: string): TextEdit[] {
  return findFrontmatterTagScalars(input.text, input.cache).flatMap((scalar) => {
    const start = frontmatterTagStart(scalar.value);
    if (start === -1 || !hasTagPrefix(scalar.value.slice(start).trimEnd(), from)) return [];
    return [editYamlScalar(scalar, start, start + from.length, to)];
  });
}

/**
 * Where the tag name starts in a `tags` value, read as `parseFrontMatterTags` does (outer
 * whitespace and one `#` dropped), or -1 when the value is not one valid tag: `tags: a, b` holds
 * no tag for Obsidian 1.9.4 and later, so a rename must not edit it either.
 */
function frontmatterTagStart(value: string): number {
  const trimmed = value.trim();
  const hash = trimmed.startsWith('#') ? 1 : 0;
  if (!isValidTagName(trimmed.slice(hash))) return -1;
  return value.length - value.trimStart().length + hash;
}

function requireTagName(tag: string, field: 'from' | 'to'): string {
  const name = normalizeTag(tag);
  if (isValidTagName(name)) return name;
  throw new IndxError('invalid_input', `"${tag}" is not a valid tag name for "${field}". Use letters, digits, symbols, "_", "-" and "/" for nesting (for example "project/alpha"), with no spaces or punctuation and at least one non-digit.`, { field, tag });
}
