/**
 * A failure the CLI reports with a stable code that need not be one of the engine's: an error
 * envelope from a server (which may know codes this build does not, such as
 * `ai_quota_exceeded`), or a failure of the CLI itself such as `server_unavailable`.
 */
export class CommandFailure extends Error {
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(code: string, message: string, details: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CommandFailure';
    this.code = code;
    this.details = details;
  }
}
