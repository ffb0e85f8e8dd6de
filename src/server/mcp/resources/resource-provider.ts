import type { Caller, Engine } from '../../../core/engine';

/** One entry of `resources/list`. */
export interface ResourceListing {
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
}

/**
 * One item of `resources/read` contents: `text`, or `blob` (base64), never both. Written as a
 * union so it passes straight to the SDK's `contents`, while `text?`/`blob?` still read as the
 * contract's optional fields.
 */
export type ResourceContent =
  | { uri: string; mimeType?: string; text: string; blob?: undefined }
  | { uri: string; mimeType?: string; blob: string; text?: undefined };

/**
 * A readable MCP resource: either one fixed `uri` or a `uriTemplate` (RFC 6570, one trailing
 * variable). The endpoint registers each provider with the SDK, in `RESOURCE_PROVIDERS` order.
 * `read` receives the template's variables exactly as matched (still percent-encoded) and throws
 * `IndxError` `not_found` when nothing is there. Every read goes through the engine or checks the
 * caller's scope first, so a caller without `vault:read` gets `forbidden`.
 */
export interface ResourceProvider {
  name: string;
  title: string;
  description: string;
  mimeType: string;
  uri?: string;
  uriTemplate?: string;
  /** Concrete resources of a template, sorted; the endpoint paginates them. */
  list?(engine: Engine, caller: Caller): Promise<ResourceListing[]>;
  /** Whether the resource is served now (default: always); the AI resources need a chat model. */
  offered?(engine: Engine): boolean;
  /** Completion per template variable: at most 100 values for a typed prefix. */
  complete?: Record<string, (value: string, engine: Engine) => Promise<string[]>>;
  read(uri: string, variables: Record<string, string>, engine: Engine, caller: Caller): Promise<ResourceContent[]>;
}
