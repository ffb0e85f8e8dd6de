import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Builds the CLI (and the plugin, once it exists) so CLI tests run the real bundled command. */
export default function globalSetup(): void {
  execFileSync(process.execPath, ['esbuild.config.mjs', 'production'], { cwd: resolve(__dirname, '../..'), stdio: 'inherit' });
}
