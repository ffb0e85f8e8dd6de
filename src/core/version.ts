/**
 * The engine's version, reported by `vault_status`, the server identity and `indx --version`. In
 * a module of its own so that `indx --version` and `--help` need not load the operations (and
 * zod) to print it; `npm run release` reads it here as text (scripts/lib/release-versions.mjs).
 */
export const ENGINE_VERSION = '0.1.0';
