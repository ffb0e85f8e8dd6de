import { parseDateText } from '../dates/parse-date';
import { dateValue, listValue, NULL_VALUE, numberValue, objectValue, stringValue, booleanValue, type BaseValue } from '../values/base-value';
import { isWikilinkText, makeLink } from './make-link';
import type { VaultSnapshot } from './vault-snapshot';

/**
 * Types a frontmatter value as Bases sees it. YAML gives strings, numbers, booleans, lists and
 * mappings; on top of that a string that is exactly one `[[wikilink]]` becomes a link resolved
 * from the note (Obsidian: "Wikilinks in frontmatter properties are automatically recognized as
 * Link objects"), and a string in a date format (`2025-01-31`, `2025-01-31T08:30:00`) becomes
 * a date, as Obsidian's date and date-time property types read them. Everything else keeps
 * its YAML type; an empty value is null.
 */
export function toPropertyValue(raw: unknown, sourcePath: string, snapshot: VaultSnapshot): BaseValue {
  if (raw === null || raw === undefined) return NULL_VALUE;
  if (typeof raw === 'string') return stringProperty(raw, sourcePath, snapshot);
  if (typeof raw === 'number') return numberValue(raw);
  if (typeof raw === 'boolean') return booleanValue(raw);
  if (raw instanceof Date) return dateValue(raw.getTime(), true);
  if (Array.isArray(raw)) return listValue(raw.map((item: unknown) => toPropertyValue(item, sourcePath, snapshot)));
  if (typeof raw === 'object') return objectValue(Object.entries(raw).map(([key, item]) => [key, toPropertyValue(item, sourcePath, snapshot)] as const));
  return typeof raw === 'bigint' ? numberValue(Number(raw)) : NULL_VALUE;
}

function stringProperty(text: string, sourcePath: string, snapshot: VaultSnapshot): BaseValue {
  if (isWikilinkText(text)) return makeLink(snapshot, text, null, sourcePath);
  return parseDateText(text) ?? stringValue(text);
}
