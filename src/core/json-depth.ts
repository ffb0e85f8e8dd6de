/**
 * The deepest nesting accepted in a request or an operation's input. Real inputs (frontmatter,
 * canvases, AI schemas) stay far below it; deeper JSON only serves to exhaust the stack of
 * whatever walks it recursively (zod, YAML, JSON Schema), which turned into 500s (issue 14).
 */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests objects or arrays more than `max` levels deep. Iterative: safe on any depth. */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}
