import type { z } from 'zod';
import type { RecoveryOutcome } from '../journal/intent-journal';
import type { OperationContext } from './operation-context';

/** A token scope; `vault:admin` implies every other, `vault:write` implies read; `app:editor` lets a caller see and steer the Obsidian editor. */
export type Scope = 'vault:read' | 'vault:write' | 'vault:admin' | 'app:editor';

/** MCP tool annotations, as the 2025-11-25 schema names them. */
export interface OperationAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Where an operation lives on the REST surface (seed 000 §7). */
export interface HttpBinding {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  path: string;
  /**
   * The read operation whose `etag` an `If-Match` header is compared with when it must be read
   * first (a PUT, a list of tags), given `{path}`; default `note_read`.
   */
  etagFrom?: string;
}

/**
 * A base64 field of an operation that carries a file's bytes (attachments). Surfaces that can
 * move bytes carry them raw, derived from this alone: REST takes an `input` field as the raw
 * request body (any Content-Type but JSON; the other fields in the query string) and answers an
 * `output` field as the raw response body, with the Content-Type the `mime` output field names,
 * unless JSON is asked for (`Accept: application/json`); the CLI reads an `input` field from
 * `--file PATH` and writes an `output` field to `--out PATH`; MCP puts an `output` field's bytes in
 * the result's content (an image, or an embedded resource) and leaves it out of the text.
 */
export type BinaryField = { input: string } | { output: string; mime: string };

/**
 * One capability, defined once. MCP tools, REST routes, CLI commands and OpenAPI are derived
 * from these fields; nothing on a surface is written by hand.
 */
export interface Operation<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  /** The seed's snake_case, verb-noun name (`note_read`). */
  name: string;
  /** A short human title. */
  title: string;
  /** The model-facing description. */
  description: string;
  input: Input;
  output: Output;
  scope: Scope;
  annotations: OperationAnnotations;
  http: HttpBinding;
  /** The base64 field that carries a file's bytes, for surfaces that send bytes raw (see `BinaryField`). */
  binary?: BinaryField;
  /** The CLI words (`['note', 'get']`). */
  cli: string[];
  run(input: z.output<Input>, context: OperationContext): Promise<z.input<Output>>;
  /**
   * For an operation not of `vault:write` scope that writes on some inputs (`apply: true`), or may
   * (an Obsidian command): says whether this input writes. Such a call then needs `vault:write`
   * and writes switched on.
   */
  writesWhen?(input: z.output<Input>): boolean;
  /**
   * Input fields that only matter when the call writes (`apply`, `if_match`, …), wherever they
   * sit in the input: a caller without `vault:write` does not see them in its catalog.
   */
  writeInputs?: readonly string[];
  /**
   * Input fields that never change a result, only how it is delivered (the cache, retries,
   * streaming): the MCP catalog leaves them out, a model having no use for them. Every surface
   * still accepts them; REST, OpenAPI and the CLI list them.
   */
  deliveryInputs?: readonly string[];
  /**
   * Which AI provider role the operation needs to be offered and, unless `requiresWhen` says
   * otherwise, to run (absent: always offered; not an AI operation).
   */
  requires?: 'chat' | 'ai';
  /**
   * For an AI operation only some of whose inputs use its provider (ai_toc's outline of one
   * note calls no model): says whether this input does. One that does not runs in every
   * configuration, offered or not; one that does fails with `ai_unavailable` while `requires`
   * is missing.
   */
  requiresWhen?(input: z.output<Input>): boolean;
  /**
   * What of the Obsidian app it needs (`AppPort`): `editor` (the user's "Let agents see and steer
   * the editor" switch) or `commands` (at least one command allowed in the settings). Offered only
   * while the app gives it; otherwise a call answers `editor_unavailable` (headless: always).
   */
  app?: 'editor' | 'commands';
  /** Its answer reads the server's live state (index progress, spend today): never replayed from a cache. */
  live?: boolean;
  /**
   * It needs no picture of the vault's files, or reports how reading them goes: it runs at once
   * while a headless host is still reading the vault at start. Every other operation waits for
   * that first, a bounded time (see `Engine.whenOpen`).
   */
  answersWhileOpening?: boolean;
  /** Whether the operation can stream its result (see `AiStreamEvent`). */
  streams?: boolean;
  /**
   * For an operation that writes several files and keeps an intent journal entry while it does
   * (`beginIntent`): finishes the work from the entry's `plan` after a crash. The engine calls it
   * at start, before any request, holding the vault's write lock.
   */
  recover?(plan: unknown, context: OperationContext): Promise<RecoveryOutcome>;
  /** A short deterministic one-line summary of a result. */
  summarize(output: z.output<Output>): string;
  /**
   * The text a model reads of a result (MCP `content`, the CLI's `--text`): the summary and the
   * payload, deterministic and compact. Absent: `renderFields` (`./render/render-fields`), every field, one per line.
   * Give one of the shared renderers of `./render` for an output shape that reads better another way.
   */
  render?(output: z.output<Output>, summary: string): string;
}

/** Annotations for a read-only operation. */
export const READ_ONLY: OperationAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Annotations for a write that only adds or replaces content it was asked to. */
export const WRITE: OperationAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/** Annotations for a write that can remove or overwrite content. */
export const DESTRUCTIVE: OperationAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };

/** Defines an operation with its types inferred from the schemas. */
export function defineOperation<Input extends z.ZodType, Output extends z.ZodType>(operation: Operation<Input, Output>): Operation<Input, Output> {
  return operation;
}
