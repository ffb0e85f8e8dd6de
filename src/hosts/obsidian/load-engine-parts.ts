/** The engine and server parts, evaluated at the first call (see engine-parts.ts). */
export function loadEngineParts(): Promise<typeof import('./engine-parts')> {
  return import('./engine-parts');
}
