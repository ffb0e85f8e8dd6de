// @modelcontextprotocol/server/_shims without Ajv: the Cloudflare Worker validator (the SDK's own
// edge default) as the default JSON Schema validator, Node's process for the stdio transport.
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";
export { default as process } from "node:process";
