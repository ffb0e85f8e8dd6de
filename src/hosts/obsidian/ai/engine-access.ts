import type { CallOptions, Caller, Engine } from '../../../core/engine';

/**
 * Who the plugin's own commands call the engine as: the user at the keyboard, who may read and
 * write notes (as a read+write token may) but not change the vault configuration through them.
 */
const PLUGIN_CALLER: Caller = { actor: 'obsidian', scopes: ['vault:read', 'vault:write'] };

/** The running engine as the plugin's commands reach it. */
export interface EngineAccess {
  /** True when the server runs and offers the operation now (the AI ones only with their provider configured). */
  offers(name: string): boolean;
  /** Runs the operation as {@link PLUGIN_CALLER} and gives its output; fails while the server is stopped. */
  call(name: string, input: unknown, options?: CallOptions): Promise<unknown>;
}

/** The engine of `server` as it is at each call (it changes at every restart, and is gone while stopped). */
export function createEngineAccess(server: { readonly engine: Engine | null }): EngineAccess {
  return {
    offers: (name) => {
      const engine = server.engine;
      return engine !== null && engine.offers(name);
    },
    call: async (name, input, options) => {
      const engine = server.engine;
      if (engine === null) throw new Error('The indx server is stopped. Start it (command "Start server") to use the AI commands.');
      return (await engine.call(name, input, PLUGIN_CALLER, options)).output;
    },
  };
}
