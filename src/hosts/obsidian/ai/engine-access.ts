import type { CallOptions, Caller, Engine } from '../../../core/engine';

/**
 * Who the plugin's own commands call the engine as: the user at the keyboard, who may read and
 * write notes (as a read+write token may) but not change the vault configuration through them.
 */
const PLUGIN_CALLER: Caller = { actor: 'obsidian', scopes: ['vault:read', 'vault:write'] };

/** The plugin's engine as its commands reach it: directly, whether or not the HTTP server runs. */
export interface EngineAccess {
  /** True when the engine is open and offers the operation now (the AI ones only with their provider configured). */
  offers(name: string): boolean;
  /** Runs the operation as {@link PLUGIN_CALLER} and gives its output; fails while the engine is not open. */
  call(name: string, input: unknown, options?: CallOptions): Promise<unknown>;
}

/**
 * The engine of `owner` as it is at each call: it is the same one the MCP tools and REST routes
 * run on, but it changes when the search index is rebuilt and is gone until the vault is open.
 */
export function createEngineAccess(owner: { readonly engine: Engine | null }): EngineAccess {
  return {
    offers: (name) => {
      const engine = owner.engine;
      return engine !== null && engine.offers(name);
    },
    call: async (name, input, options) => {
      const engine = owner.engine;
      if (engine === null) throw new Error('indx has not opened this vault right now (it is starting, rebuilding its index, or another indx process holds the vault). Try again in a moment.');
      return (await engine.call(name, input, PLUGIN_CALLER, options)).output;
    },
  };
}
