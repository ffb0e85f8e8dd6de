/**
 * Orders strings by UTF-16 code units, the same on every machine (unlike `localeCompare`,
 * whose order depends on the locale), so pages and cursors are stable.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
