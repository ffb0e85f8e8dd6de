import { isAlias, isMap, isNode, isScalar, visit, type Document, type Pair, type visitorFn } from 'yaml';
import { IndxError } from '../errors';
import { frontmatterDocumentToObject, parseFrontmatterDocument } from './frontmatter-document';
import type { FailedFrontmatterEdit, FrontmatterEdit } from './frontmatter-edits';
import { findTopLevelPair } from './frontmatter-pair';
import { nullWhenFrontmatterInvalid } from './null-when-frontmatter-invalid';
import { isSameValue } from './same-value';

/**
 * Checks YAML that `edits` produced from `original` (YAML that parses): it must parse, resolve
 * (no alias left without its anchor) and give every property no edit touched the value it had
 * (`expected` holds the values after the edits; `editedYaml` is undefined when the `yaml` package
 * could not even print the edited document). Returns null when it is sound; otherwise the
 * refusal, `frontmatter_invalid` with `details.key` and `details.reason`, blamed on the first
 * applied edit (`applied`, indexes into `edits`) whose key sets an anchor other properties use,
 * else on the first applied edit. The usual cause is YAML anchors: `base: &b …` with
 * `derived: *b` cannot lose or change `base` without breaking `derived` (Obsidian would then show
 * no properties at all); the reason then names the aliases' keys. When the original itself does
 * not resolve (`originalResolves` false), only the edited YAML's syntax is checked: removing the
 * broken alias is how such a block gets repaired.
 */
export function checkEditedYaml(
  original: Document,
  originalResolves: boolean,
  editedYaml: string | undefined,
  expected: ReadonlyMap<string, unknown>,
  edits: readonly FrontmatterEdit[],
  applied: readonly number[],
): FailedFrontmatterEdit | null {
  const touched = new Set(applied.map((index) => (edits[index] as FrontmatterEdit).key));
  const changed = editedYaml === undefined ? [] : findDamage(originalResolves, editedYaml, expected, touched);
  if (changed === null) return null;
  const blamed = applied.find((index) => findAnchorUsers(original, (edits[index] as FrontmatterEdit).key).length > 0) ?? applied[0] ?? 0;
  return { index: blamed, error: refusal(original, (edits[blamed] as FrontmatterEdit).key, changed) };
}

/** Null when the edited YAML is sound; else the untouched keys whose value changed (empty: it does not parse or resolve). */
function findDamage(originalResolves: boolean, editedYaml: string, expected: ReadonlyMap<string, unknown>, touched: ReadonlySet<string>): string[] | null {
  const edited = nullWhenFrontmatterInvalid(() => parseFrontmatterDocument(editedYaml));
  if (!originalResolves) return edited === null ? [] : null;
  const after = edited === null ? null : nullWhenFrontmatterInvalid(() => frontmatterDocumentToObject(edited));
  if (after === null) return [];
  const keys = new Set([...expected.keys(), ...Object.keys(after)]);
  const changed = [...keys].filter((name) => !touched.has(name) && !(expected.has(name) && hasOwn(after, name) && isSameValue(expected.get(name), after[name])));
  return changed.length === 0 ? null : changed;
}

function refusal(original: Document, key: string, changed: readonly string[]): IndxError {
  const anchorUsers = findAnchorUsers(original, key);
  const reason = anchorUsers.length > 0 ? `anchor in use by ${anchorUsers.join(', ')}` : describeDamage(changed);
  return new IndxError(
    'frontmatter_invalid',
    `Editing frontmatter key ${JSON.stringify(key)} was refused because the YAML would break: ${reason}. The note is unchanged. Edit or delete the dependent properties first, or rewrite the whole block (note_write with frontmatter).`,
    { key, reason, ...(anchorUsers.length > 0 ? { used_by: anchorUsers } : { changed_keys: changed }) },
  );
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
