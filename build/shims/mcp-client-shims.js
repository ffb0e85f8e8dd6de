// @modelcontextprotocol/client/_shims without Ajv (see mcp-shims.js).
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from "@modelcontextprotocol/client/validators/cf-worker";
export const CORS_IS_POSSIBLE = false;
