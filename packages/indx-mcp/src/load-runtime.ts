/**
 * The indx command's runtime (runtime.ts: what the actions run), loaded on first use. In the
 * production build this import is dist/cli-runtime.js, the file beside cli.js, required when
 * called (see `runtimeBoundary` in esbuild.config.mjs); run from the sources, as the tests do, it
 * is the module itself.
 */
export function loadRuntime(): Promise<typeof import('./runtime')> {
  return import('./runtime');
}
