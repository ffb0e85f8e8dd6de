import { Scalar } from 'yaml';

/** A parsed YAML scalar with what an in-place edit of it needs to know. */
export interface YamlScalarSource {
  /** Offset in the note of the scalar's first byte (its opening quote, when quoted). */
  start: number;
  /** Offset just after its last byte (its closing quote, when quoted). */
  end: number;
  type: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE';
  /** The string the scalar stands for, escapes decoded (a plain `1e5` stays the text "1e5"). */
  value: string;
  /** Offset in the note where `value` is written verbatim, or null when escapes or folding differ. */
  literalStart: number | null;
  /** True inside a flow collection (`[a, b]`), where `,[]{}` end a plain scalar. */
  flow: boolean;
}

/**
 * Describes a plain or quoted scalar node of a frontmatter document whose ranges start at
 * `offset` in `text`. Block scalars (`|`, `>`) and nodes without source ranges give null.
 */
export function toYamlScalarSource(node: Scalar, text: string, offset: number, flow: boolean): YamlScalarSource | null {
  const type = node.type;
  if (node.range === undefined || node.range === null) return null;
  if (type !== 'PLAIN' && type !== 'QUOTE_DOUBLE' && type !== 'QUOTE_SINGLE') return null;
  const start = offset + node.range[0];
  const end = offset + node.range[1];
  const value = node.source ?? String(node.value);
  const quote = type === 'PLAIN' ? 0 : 1;
  const written = text.slice(start + quote, end - quote);
  return { start, end, type, value, literalStart: written === value ? start + quote : null, flow };
}
