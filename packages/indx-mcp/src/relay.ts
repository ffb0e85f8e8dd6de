import { reportError } from './report-error';
import { runRelay } from './mcp/relay/relay-main';

// Entry of dist/relay.js, the stand-alone stdio relay (see runRelay). Logs go to stderr only.
runRelay(process.argv.slice(2), process.env)
  .catch((error: unknown) => reportError(error))
  .then((code) => process.exit(code), () => process.exit(1));
