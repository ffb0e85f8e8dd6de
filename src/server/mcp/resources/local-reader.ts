import type { Caller } from '../../../core/engine';

/**
 * The caller completions act as: the contract passes no caller to `complete`, and completion
 * only suggests names (paths, property names) to an authenticated client, so read scope suffices.
 */
export const LOCAL_READER: Caller = { actor: 'completion', scopes: ['vault:read'] };
