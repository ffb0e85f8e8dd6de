import { parseYamlMappingWithPackage } from '../../src/core/metadata/frontmatter';
import { NOT_SIMPLE, parseSimpleYamlMapping } from '../../src/core/yaml/simple-yaml';

/**
 * A value written out so that two values give the same text only when they are the same: key
 * order, strings versus numbers (`"1"` versus `1`), `-0` versus `0`, NaN and the infinities, and
 * prototypes (a plain object or array, an own `__proto__` key) all show.
 */
export function exactText(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Object.is(value, -0) ? 'number:-0' : `number:${String(value)}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(exactText).join(',')}]${Object.getPrototypeOf(value) === Array.prototype ? '' : '!proto'}`;
  if (typeof value === 'object') {
    const pairs = Object.keys(value).map((key) => `${JSON.stringify(key)}:${exactText((value as Record<string, unknown>)[key])}`);
    return `{${pairs.join(',')}}${Object.getPrototypeOf(value) === Object.prototype ? '' : '!proto'}`;
  }
  return `?${typeof value}`;
}

/** What the fast path and the package make of `text`: `fast` is undefined when the fast path gave up. */
export function bothPaths(text: string): { fast: string | undefined; reference: string } {
  const fast = parseSimpleYamlMapping(text);
  return { fast: fast === NOT_SIMPLE ? undefined : exactText(fast), reference: exactText(parseYamlMappingWithPackage(text)) };
}
