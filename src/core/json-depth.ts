/**
 * The deepest nesting accepted in a request or an operation's input. Real inputs (frontmatter,
 * canvases, AI schemas) stay far below it; deeper JSON only serves to exhaust the stack of
 * whatever walks it recursively (zod, YAML, JSON Schema), which turned into 500s (issue 14).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when `value` nests objects or arrays more than `max` levels deep. Iterative (safe on any
 * depth) and allocation-light: a body of 100,000 small objects is walked in a few milliseconds
 * (pairs of [node, depth] and `Object.values` arrays per node took ~70 ms).
 */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const nodes: object[] = [value];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = depths.pop() as number;
    if (depth >= max) return true;
    if (Array.isArray(node)) {
      for (const child of node as unknown[]) {
        if (typeof child !== 'object' || child === null) continue;
        nodes.push(child);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const child: unknown = (node as Record<string, unknown>)[key];
      if (typeof child !== 'object' || child === null) continue;
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}
