import type { AppPort } from '../../app/app-port';
import { IndxError } from '../../errors';
import type { OperationContext } from '../operation-context';

/** The Obsidian app of a call; the engine has checked it is there for every operation that declares `app`. */
export function appOf(context: OperationContext): AppPort {
  if (context.app === null) throw new IndxError('editor_unavailable', 'This server runs without Obsidian (headless): there is no editor and no command palette.', { headless: true });
  return context.app;
}

/** Records an editor or command call in the audit log (no content: the path and what was done). */
export function recordAppCall(context: OperationContext, op: string, path: string, command?: string): void {
  context.audit.record({ time: new Date(context.clock()).toISOString(), actor: context.actor, op, path, etag_before: null, etag_after: null, ...(command === undefined ? {} : { command }) });
}
