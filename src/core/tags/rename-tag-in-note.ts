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
 * frontmatter `tags` / `tag` property (list, flow list or single value, quoted or not, with or
 * without `#`). Only the tag-name bytes change. A rename onto a tag the frontmatter already
 * lists leaves both entries in place (a duplicate), so no unrelated byte moves.
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
    const hash = scalar.value.startsWith('#') ? 1 : 0;
    if (!hasTagPrefix(scalar.value.slice(hash), from)) return [];
    return [editYamlScalar(scalar, hash, hash + from.length, to)];
  });
}

function requireTagName(tag: string, field: 'from' | 'to'): string {
  const name = normalizeTag(tag);
  if (isValidTagName(name)) return name;
  throw new IndxError('invalid_input', `"${tag}" is not a valid tag name for "${field}". Use letters, digits, "_", "-" and "/" for nesting (for example "project/alpha"), with no spaces and at least one non-digit.`, { field, tag });
}
