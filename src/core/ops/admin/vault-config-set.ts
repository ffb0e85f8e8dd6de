import * as z from 'zod';
import { changedRoutingFields } from '../../config/provider-routing-fields';
import { mergeConfig, readVaultConfig, vaultConfigSchema, writeVaultConfig } from '../../config/vault-config';
import { IndxError } from '../../errors';
import { recordMutation } from '../../vault/mutate-file';
import { defineOperation } from '../operation';

/** The actor of a local command-line run (`LOCAL_CALLER` in engine.ts). */
const LOCAL_ACTOR = 'cli';

/** `vault_config_set`: merges a partial configuration over the current one and saves it. */
export const vaultConfigSet = defineOperation({
  name: 'vault_config_set',
  title: 'Change the indx configuration',
  description: 'Deep-merge a partial config into this vault\'s indx configuration, e.g. {"access": {"write_enabled": false}}. AI and embeddings providers, base URLs, cost cap and pricing cannot be set with a token.',
  input: z.object({ config: z.record(z.string(), z.unknown()).describe('Partial config, shaped like vault_config_get\'s.') }),
  output: z.object({ config: vaultConfigSchema.describe('The configuration now in force.'), location: z.string().describe('State folder holding config.json.') }),
  scope: 'vault:admin',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'PUT', path: '/v1/vault/config' },
  cli: ['vault', 'config', 'set'],
  async run(input, context) {
    const current = await readVaultConfig(context.storage);
    const merged = mergeConfig(current, input.config);
    refuseRoutingChanges(context.actor, changedRoutingFields(current, vaultConfigSchema.safeParse(merged).data ?? merged));
    const config = await writeVaultConfig(context.storage, merged);
    recordMutation(context, 'vault_config_set', 'config.json', null, null);
    return { config, location: context.storage.location };
  },
  summarize: (output) => `Configuration saved in ${output.location}.`,
});

// Security: the operator's provider key goes wherever these fields point; an agent (a token, or
// the stdio fallback an MCP client launches) must not move it. Only the local command line may.
function refuseRoutingChanges(actor: string, changed: string[]): void {
  if (changed.length === 0 || actor === LOCAL_ACTOR) return;
  throw new IndxError('forbidden', `${changed.join(', ')} decide where provider requests (with the operator's key) go and what they may cost, so they cannot be changed through a token. Change them in the plugin's settings, in config.json, or with "indx vault config set --vault DIR" while no server runs.`, { fields: changed });
}
