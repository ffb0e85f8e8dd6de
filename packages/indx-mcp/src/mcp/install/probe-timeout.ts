// Apart from probe-entry.ts, which loads the MCP client SDK: the help of `indx mcp install` and
// `status` states this default.

/** How long one entry may take to answer `initialize` and `tools/list` by default. */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;
