#!/usr/bin/env node
'use strict';
// The `indx` command. The CLI itself is one bundled file, dist/cli.js: shipped in the npm package,
// built by `npm install` (its prepare step) or `npm run build` in the repository.
const path = require('node:path');
const cli = path.join(__dirname, '..', 'dist', 'cli.js');
try {
  require.resolve(cli);
} catch {
  process.stderr.write(`indx: ${cli} is missing. In the indx repository, run "npm run build" (npm install does it too).\n`);
  process.exit(1);
}
require(cli);
