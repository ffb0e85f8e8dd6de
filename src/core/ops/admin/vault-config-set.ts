import { z } from 'zod';
import { mergeConfig, readVaultConfig, vaultConfigSchema, writeVaultConfig } from '../../config/vault-config';
import { recordMutation } from '../../vault/mutate-file';
import { defineOperation } from '../operation';

/** `vault_config_set`: merges a partial configuration over the current one and saves it. */
export const vaultConfigSet = defineOperation({
  name: 'vault_config_set',
  title: 'Change the indx configuration',
  description: 'Change settings of this vault\'s indx configuration: the given object is deep-merged over the current one (e.g. {"access": {"write_enabled": false}}), validated and saved atomically. Returns the new configuration.',
  input: z.object({ config: z.record(z.string(), z.unknown()).describe('Partial configuration to merge, in the shape vault_config_get returns.') }),
  output: z.object({ config: vaultConfigSchema.describe('The configuration now in force.'), location: z.string().describe('State folder holding config.json.') }),
  scope: 'vault:admin',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'PUT', path: '/v1/vault/config' },
  cli: ['vault', 'config', 'set'],
  async run(input, context) {
    const config = await writeVaultConfig(context.storage, mergeConfig(await readVaultConfig(context.storage), input.config));
    recordMutation(context, 'vault_config_set', 'config.json', null, null);
    return { config, location: context.storage.location };
  },
  summarize: (output) => `Configuration saved in ${output.location}.`,
});
