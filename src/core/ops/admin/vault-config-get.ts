import * as z from 'zod';
import { readVaultConfig, vaultConfigSchema } from '../../config/vault-config';
import { defineOperation, READ_ONLY } from '../operation';

/** `vault_config_get`: the vault's indx configuration, defaults filled in. */
export const vaultConfigGet = defineOperation({
  name: 'vault_config_get',
  title: 'Read the indx configuration',
  description: "Read this vault's indx configuration (server port, write access...), defaults filled in.",
  input: z.object({}),
  output: z.object({ config: vaultConfigSchema.describe('The merged configuration.'), location: z.string().describe('State folder holding config.json.') }),
  scope: 'vault:admin',
  answersWhileOpening: true,
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/vault/config' },
  cli: ['vault', 'config', 'get'],
  async run(_input, context) {
    return { config: await readVaultConfig(context.storage), location: context.storage.location };
  },
  summarize: (output) => `Configuration read from ${output.location}.`,
});
