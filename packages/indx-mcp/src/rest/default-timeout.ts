// Apart from send-http-request.ts, which loads node:http and node:https: the help of every
// operation command states this default.

/** How long a server that accepted the connection may stay silent before the CLI gives up: 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;
