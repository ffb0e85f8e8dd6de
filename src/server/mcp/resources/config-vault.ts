import type { Caller, Engine } from '../../../core/engine';
import { hasScope } from '../../../core/ops/scopes';
import { PROTECTED_FOLDERS } from '../../../core/vault/paths';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';

interface StatusOutput {
  name: string;
  version: string;
  state_location: string;
}

/**
 * `config://vault`: what this server is and what the caller may do with it. The operations are
 * those the caller's scopes allow and the engine offers now (AI operations only while their
 * provider is configured); capabilities are read from the registry (search, canvas, bases) and
 * the AI runtime (`ai`: some AI operation is offered). Holds no secrets: no token, no hash, no absolute vault path beyond the state folder
 * `vault_status` already reports.
 */
export const configVaultResource: ResourceProvider = {
  name: 'vault_config',
  title: 'Vault configuration',
  description: 'Vault name, indx engine version, state folder, the caller\'s scopes and the operations it may call, which capabilities are available (search, canvas, bases, AI), which paths are never served and which file types are resources.',
  mimeType: 'application/json',
  uri: 'config://vault',
  async read(uri, _variables, engine, caller) {
    const status = (await engine.call('vault_status', {}, caller)).output as StatusOutput;
    return jsonContent(uri, describeConfig(engine, caller, status));
  },
};

function describeConfig(engine: Engine, caller: Caller, status: StatusOutput) {
  const names = new Set(engine.registry.list().map((operation) => operation.name));
  return {
    name: status.name,
    version: status.version,
    state_location: status.state_location,
    read_only: !hasScope(caller.scopes, 'vault:write'),
    scopes: [...caller.scopes],
    operations: engine.operationsFor(caller.scopes, caller.tools).map((operation) => operation.name),
    capabilities: { search: names.has('vault_search'), canvas: names.has('canvas_read'), bases: names.has('base_query'), ai: engine.ai.available },
    excluded_paths: [...PROTECTED_FOLDERS.map((folder) => `${folder}/**`), '**/.*'],
    resource_file_types: ['md', 'canvas', 'base'],
  };
}
