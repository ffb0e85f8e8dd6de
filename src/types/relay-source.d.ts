/** The built stand-alone stdio relay (packages/indx-mcp/dist/relay.js) as text, embedded by esbuild.config.mjs. */
declare module 'indx:relay-source' {
  const source: string;
  export default source;
}
