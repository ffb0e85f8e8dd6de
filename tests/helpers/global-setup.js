// Builds the CLI (and the plugin, once it exists) so CLI tests run the real bundled command.
const { execFileSync } = require('node:child_process');
const { resolve } = require('node:path');

module.exports = function globalSetup() {
  execFileSync(process.execPath, ['esbuild.config.mjs'], { cwd: resolve(__dirname, '../..'), stdio: 'inherit' });
};
