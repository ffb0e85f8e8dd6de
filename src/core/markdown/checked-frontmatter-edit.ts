import { isAlias, isMap, isNode, isScalar, visit, type Document, type Pair, type visitorFn } from 'yaml';
import { IndxError, isIndxError } from '../errors';
import { frontmatterDocumentToObject, parseFrontmatterDocument } from './frontmatter-document';
import { findTopLevelPair } from './frontmatter-pair';
import { nullWhenFrontmatterInvalid } from './null-when-frontmatter-invalid';
import { isSameValue } from './same-value';

/**
 * Runs `edit`, a set or delete of `key` on `originalYaml` (YAML that parses), and returns the
 * edited YAML once it is checked: it must parse without errors, resolve (no alias left without
 * its anchor) and give every other top-level property the value it had. Throws
 * `frontmatter_invalid` with `details.key` and `details.reason` otherwise (also when the `yaml`
 * package cannot even print the edited document), so the caller keeps the original note. The
 * usual cause is YAML anchors: `base: &b …` with `derived: *b` cannot lose or change `base`
 * without breaking `derived` (Obsidian would then show no properties at all); the reason then
 * names the aliases' keys. When the original itself does not resolve, only the edited YAML's
 * syntax is checked.
 */
export function checkedFrontmatterEdit(originalYaml: string, key: string, edit: (yaml: string) => string): string {
  const original = parseFrontmatterDocument(originalYaml);
  const edited = runEdit(originalYaml, edit);
  if (edited.yaml === originalYaml) return originalYaml;
  const damage = edited.yaml === undefined ? { changed: [] } : findDamage(original, edited.yaml, key);
  if (damage === null && edited.yaml !== undefined) return edited.yaml;
  throw refusal(original, key, damage?.changed ?? [], edited.failure);
}

function runEdit(yaml: string, edit: (yaml: string) => string): { yaml?: string; failure?: unknown } {
  try {
    return { yaml: edit(yaml) };
  } catch (error: unknown) {
    if (isIndxError(error)) throw error;
    return { failure: error };
  }
}

/** Null when the edited YAML is sound; else the other keys whose value changed (empty: it does not parse). */
function findDamage(original: Document, editedYaml: string, key: string): { changed: string[] } | null {
  const before = nullWhenFrontmatterInvalid(() => frontmatterDocumentToObject(original));
  const edited = nullWhenFrontmatterInvalid(() => parseFrontmatterDocument(editedYaml));
  // An original whose aliases do not resolve shows no properties in Obsidian already; removing
  // the broken alias is how it gets repaired, so only the edited YAML's syntax is checked.
  if (before === null) return edited === null ? { changed: [] } : null;
  const after = edited === null ? null : nullWhenFrontmatterInvalid(() => frontmatterDocumentToObject(edited));
  if (after === null) return { changed: [] };
  const changed = changedKeys(before, after, key);
  return changed.length === 0 ? null : { changed };
}

function refusal(original: Document, key: string, changed: readonly string[], cause: unknown): IndxError {
  const anchorUsers = findAnchorUsers(original, key);
  const reason = anchorUsers.length > 0 ? `anchor in use by ${anchorUsers.join(', ')}` : describeDamage(changed);
  return new IndxError(
    'frontmatter_invalid',
    `Editing frontmatter key ${JSON.stringify(key)} was refused because the YAML would break: ${reason}. The note is unchanged. Edit or delete the dependent properties first, or rewrite the whole block (note_write with frontmatter).`,
    { key, reason, ...(anchorUsers.length > 0 ? { used_by: anchorUsers } : { changed_keys: changed }) },
    cause === undefined ? undefined : { cause },
  );
}

function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>, key: string): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete(key);
  return [...keys].filter((name) => !(hasOwn(before, name) && hasOwn(after, name) && isSameValue(before[name], after[name])));
}

function describeDamage(changed: readonly string[]): string {
  return changed.length === 0 ? 'the edited YAML would not parse' : `the edit would change ${changed.join(', ')}`;
}

/** The other top-level keys whose values hold an alias to an anchor set inside `key`'s pair. */
function findAnchorUsers(document: Document, key: string): string[] {
  const pair = findTopLevelPair(document, key);
  const anchors = pair === undefined ? new Set<string>() : anchorsIn(pair);
  if (anchors.size === 0 || !isMap(document.contents)) return [];
  const others = document.contents.items.filter((other) => other !== pair);
  return others.filter((other) => usesAnchor(other, anchors)).map((other) => String(isScalar(other.key) ? other.key.value : other.key));
}

function anchorsIn(pair: Pair): Set<string> {
  const anchors = new Set<string>();
  visitPair(pair, (_, node) => {
    if (isNode(node) && !isAlias(node) && node.anchor !== undefined) anchors.add(node.anchor);
  });
  return anchors;
}

function usesAnchor(pair: Pair, anchors: ReadonlySet<string>): boolean {
  let used = false;
  visitPair(pair, (_, node) => {
    used ||= isAlias(node) && anchors.has(node.source);
  });
  return used;
}

function visitPair(pair: Pair, visitor: visitorFn<unknown>): void {
  for (const node of [pair.key, pair.value]) if (isNode(node)) visit(node, visitor);
}

function hasOwn(record: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}
