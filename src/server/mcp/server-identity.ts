import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { ENGINE_VERSION } from '../../core/version';

/** The MCP server name (seed 000 §2). */
export const SERVER_NAME = 'indx';

/** The server's version: the engine's. */
export const SERVER_VERSION = ENGINE_VERSION;

/** The agent onboarding text every client receives on connect, verbatim from seed 000 §2. */
export const SERVER_INSTRUCTIONS =
  'You are connected to an indx vault. Notes are markdown files identified by vault-relative posix paths. Prefer note_patch with structured ops over note_write whenever you only need to change a section. Search before you read; read before you write; pass the etag back on writes.';

/**
 * What the server declares in both eras (a legacy session adds {@link LEGACY_CAPABILITIES}). A
 * 2026-07-28 request builds its tool list afresh each time, so tools announce no list changes
 * there; the prompt catalog is fixed for the life of a token; resources announce changes (files
 * come and go) and accept subscriptions on paths and globs. `completions` is added by the SDK once a template completes.
 */
export const SERVER_CAPABILITIES: ServerCapabilities = {
  tools: { listChanged: false },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: false },
};

/**
 * What a 2025-11-25 session declares besides: `logging`, so `logging/setLevel` is answered (the
 * 2026-07-28 revision removed it and deprecates logging; indx sends no log messages either way),
 * and tool list changes: a session outlives configuration changes, and the AI tools appear or
 * disappear as an AI provider is configured or removed.
 */
export const LEGACY_CAPABILITIES: ServerCapabilities = { ...SERVER_CAPABILITIES, tools: { listChanged: true }, logging: {} };
