import { isScalar, parseDocument, visit, YAMLParseError, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';

type YamlOptions = ParseOptions & DocumentOptions & SchemaOptions;

/**
 * `yaml`'s `parseDocument` in linear time. The package's own duplicate-key check compares each
 * new key with every earlier key of its mapping, so a block of 40,000 keys took 30 s to parse
 * (and 1,000 keys tens of milliseconds, on every edit). Here the package skips that check and
 * one pass with a set per mapping adds the same `DUPLICATE_KEY` error for the first repeated key (a scalar key whose value
 * equals an earlier key's) to `document.errors`, so callers still see duplicate keys as invalid
 * YAML. Other options pass through.
 */
export function parseYamlDocument(text: string, options: YamlOptions = {}): Document.Parsed {
  const document = parseDocument(text, { ...options, uniqueKeys: false });
  if (options.uniqueKeys !== false) addDuplicateKeyErrors(document, text);
  return document;
}

/** `yaml`'s `parse` (plain data) on top of `parseYamlDocument`: throws the first error. */
export function parseYaml(text: string, options: YamlOptions = {}): unknown {
  const document = parseYamlDocument(text, options);
  const [first] = document.errors;
  if (first !== undefined) throw first;
  return document.toJS();
}

function addDuplicateKeyErrors(document: Document.Parsed, text: string): void {
  visit(document, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        if (!seen.has(pair.key.value)) {
          seen.add(pair.key.value);
          continue;
        }
        document.errors.push(duplicateKeyError(pair.key.range?.[0] ?? 0, text));
        return visit.BREAK;
      }
      return undefined;
    },
  });
}

function duplicateKeyError(offset: number, text: string): YAMLParseError {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const col = offset - before.lastIndexOf('\n');
  const error = new YAMLParseError([offset, offset + 1], 'DUPLICATE_KEY', `Map keys must be unique at line ${line}, column ${col}`);
  error.linePos = [{ line, col }];
  return error;
}
