import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/server';
import { isJsonRpcResult } from './json-rpc';

/**
 * What the relay remembers of a 2025-era session so that it can open an equivalent one, silently,
 * on a server that restarted (the old session id then answers 404, or the port is gone): the
 * client's `initialize`, its last `logging/setLevel`, and the resources it subscribed to. Only
 * requests the server accepted are remembered.
 */
export class SessionMemory {
  private initializeParams: JSONRPCRequest['params'] | null = null;
  private logLevelParams: JSONRPCRequest['params'] | null = null;
  private readonly subscriptions = new Set<string>();

  /** True once the client has opened a 2025-era session. */
  get hasSession(): boolean {
    return this.initializeParams !== null;
  }

  /** Notes `request` if the server answered it with a result (a fresh `initialize` forgets the rest). */
  remember(request: JSONRPCRequest, answer: JSONRPCMessage): void {
    if (!isJsonRpcResult(answer)) return;
    if (request.method === 'initialize') {
      this.initializeParams = request.params;
      this.logLevelParams = null;
      this.subscriptions.clear();
    }
    if (request.method === 'logging/setLevel') this.logLevelParams = request.params;
    const uri = uriOf(request);
    if (request.method === 'resources/subscribe' && uri !== null) this.subscriptions.add(uri);
    if (request.method === 'resources/unsubscribe' && uri !== null) this.subscriptions.delete(uri);
  }

  /**
   * The messages that re-open the session, in order: `initialize`, `notifications/initialized`,
   * then the remembered level and subscriptions. Requests get ids from `nextId`, which must not
   * collide with the client's.
   */
  replay(nextId: () => string): JSONRPCMessage[] {
    if (this.initializeParams === null) return [];
    const request = (method: string, params: JSONRPCRequest['params']): JSONRPCRequest => ({ jsonrpc: '2.0', id: nextId(), method, ...(params === undefined ? {} : { params }) });
    return [
      request('initialize', this.initializeParams),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      ...(this.logLevelParams === null ? [] : [request('logging/setLevel', this.logLevelParams)]),
      ...[...this.subscriptions].map((uri) => request('resources/subscribe', { uri })),
    ];
  }
}

function uriOf(request: JSONRPCRequest): string | null {
  const uri = request.params?.uri;
  return typeof uri === 'string' ? uri : null;
}
