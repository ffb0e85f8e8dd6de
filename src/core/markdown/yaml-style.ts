import type { ToStringOptions } from 'yaml';

/**
 * The `yaml` stringify options that write frontmatter the way Obsidian's property editor does:
 * long strings stay on one line, empty values are written `key:`, and lists follow the file's
 * own sequence indentation (`  - item` unless the YAML already writes `- item` at column 0).
 */
export function frontmatterStringifyOptions(existingYaml = ''): ToStringOptions {
  return { lineWidth: 0, nullStr: '', indentSeq: !/^-(?:[ \t]|$)/m.test(existingYaml) };
}
