import type { OperationContext } from '../../../src/core/ops/operation-context';
import { SCOPES } from '../../../src/core/ops/scopes';
import { createTempVault, type TempFiles, type TempVault } from '../../helpers/temp-vault';

/** A temp vault with its engine, and the operation context an AI operation would get from it. */
export interface RuntimeVault {
  vault: TempVault;
  context: OperationContext;
}

/**
 * Opens a temp vault whose engine has no chat model (scope, snapshot and citation code needs
 * none) and whose AI globs come from `environment` (INDX_AI_ALLOW_GLOBS / INDX_AI_DENY_GLOBS),
 * the way the headless server reads them. Searches wait for the index to be built.
 */
export async function openRuntimeVault(files: TempFiles, environment: Record<string, string> = {}): Promise<RuntimeVault> {
  const vault = await createTempVault(files, { ai: { environment }, search: { waitForIndex: true } });
  const engine = vault.engine;
  const context: OperationContext = {
    host: engine.host,
    storage: engine.storage,
    etag: engine.etag,
    audit: engine.audit,
    actor: 'test',
    clock: () => Date.UTC(2026, 4, 3),
    search: engine.search,
    scopes: SCOPES,
    ai: engine.ai,
    app: null,
    recovered: [],
    stateWarnings: [],
    offeredAiOperations: () => [],
  };
  return { vault, context };
}
