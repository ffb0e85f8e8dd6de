import { setTimeout as sleep } from 'node:timers/promises';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, Transport } from '@modelcontextprotocol/server';
import { isInitializedNotification, isJsonRpcNotification, isJsonRpcRequest, isJsonRpcResult } from './json-rpc';
import { describeUnchosenServers, findUnchosenServers, locateServer, type ServerChoice } from '../../connect/locate-server';
import { describeError } from './describe-error';
import { endSession } from './end-session';
import { followSessionStream } from './follow-session-stream';
import { isNeverSent } from './is-never-sent';
import { readRefusal } from './read-refusal';
import { toFailureAnswer, toServerUnavailable } from './relay-answers';
import { isRelayFailure, RelayFailure } from './relay-failure';
import { envelopeVersionOf, isInitialize, relayHeaders, type RelayConnection } from './relay-headers';
import { relayReply } from './relay-reply';
import { replaySession } from './replay-session';
import { SessionMemory } from './session-memory';

/** Options of {@link StdioRelay}. */
export interface StdioRelayOptions {
  /** Which server (`--url`, `--vault`) and which token (`--token-file`); see `locateServer`. */
  choice: ServerChoice;
  /** The client side: newline-delimited JSON-RPC, normally a `LineTransport` on stdin / stdout. */
  transport: Transport;
  environment?: NodeJS.ProcessEnv;
  /** Where discovery records are read (default `$INDX_HOME/instances`). */
  discoveryFolder?: string;
  fetch?: typeof fetch;
  /** One line for the log (stderr: stdout carries the protocol). */
  log?: (line: string) => void;
  /** How long a message waits for a server to appear or come back before it is answered with an error (default 10 s). */
  reconnectWaitMs?: number;
  /** Pause between two attempts to reach the server (default 250 ms). */
  retryDelayMs?: number;
  /** False for the stand-alone relay, which cannot serve a vault itself: its advice leaves that out (default true). */
  canServe?: boolean;
}

/** Exit status after the server refused the token (the CLI's "not authorized"). */
export const TOKEN_REFUSED_EXIT = 5;

/** 2025-era session re-opens allowed for one message before it is answered with what the server said. */
const MAX_SESSION_REOPENS = 2;
const MAX_BACKOFF_MS = 30_000;
/** A notification stream that ends sooner than this after opening counts as refused, not as a server restart. */
const SHORT_STREAM_MS = 1000;

/**
 * `indx mcp serve --stdio` against a running server: relays newline-delimited JSON-RPC between
 * stdio and the server's `/mcp`, both protocol eras. Each client message is one POST; the JSON or
 * SSE answer is written back in order. A 2025-era session gets its `Mcp-Session-Id` and
 * protocol-version headers and a GET stream for server-initiated messages; a 2026-07-28 request
 * gets the headers its envelope implies, and a `notifications/cancelled` for it aborts its POST
 * (the 2026 way to cancel over HTTP).
 *
 * When the server goes away (connection refused, the session unknown after a restart, the GET
 * stream ending), the relay re-reads the discovery record (the server may be back on another
 * port), silently re-opens the session it remembers (`initialize`, `notifications/initialized`,
 * log level, subscriptions), re-opens a `subscriptions/listen` stream, and retries the message,
 * waiting up to `reconnectWaitMs` for a server. A message is sent again only when it provably
 * never reached the server (the connection was refused, or the server answered 404 for the
 * session); a connection that broke after sending is answered with `connection_lost`. A refused
 * token (401, or a 403 about the token) fails closed: the request is answered with an error that
 * says how to fix the token, and the relay stops with {@link TOKEN_REFUSED_EXIT}; a refusal
 * noticed with no request pending is answered to the next request. A 403 for the request's
 * address (Host/Origin) is answered as such, and the relay goes on. Nothing but protocol goes to
 * the client; logs go to `log`.
 */
export class StdioRelay {
  private connection: RelayConnection | null = null;
  private connecting: Promise<RelayConnection> | null = null;
  private readonly memory = new SessionMemory();
  private readonly inflight = new Map<string | number, { controller: AbortController; modern: boolean }>();
  private readonly stopped = new AbortController();
  private stream: AbortController | null = null;
  private refusal: RelayFailure | null = null;
  /** Streams in a row that ended within {@link SHORT_STREAM_MS} of opening. */
  private shortStreams = 0;
  private internalIds = 0;
  private finish: (code: number) => void = () => undefined;
  private readonly fetch: typeof fetch;
  private readonly environment: NodeJS.ProcessEnv;
  private readonly log: (line: string) => void;
  private readonly reconnectWaitMs: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: StdioRelayOptions) {
    this.fetch = options.fetch ?? fetch;
    this.environment = options.environment ?? process.env;
    this.log = options.log ?? ((line) => void process.stderr.write(`indx mcp: ${line}\n`));
    this.reconnectWaitMs = options.reconnectWaitMs ?? 10_000;
    this.retryDelayMs = options.retryDelayMs ?? 250;
  }

  /** Relays until the client closes stdin (resolves 0), {@link stop} is called, or the token is refused. */
  async run(): Promise<number> {
    const done = new Promise<number>((resolve) => (this.finish = resolve));
    const { transport } = this.options;
    transport.onmessage = (message) => this.onMessage(message);
    transport.onclose = () => void this.stop(0);
    transport.onerror = (error) => this.log(`stdio: ${error.message}`);
    await transport.start();
    return done;
  }

  /** Ends the 2025-era session (DELETE), aborts what is in flight, closes stdio; `run` resolves with `code`. */
  async stop(code: number): Promise<void> {
    if (this.stopped.signal.aborted) return;
    this.stopped.abort();
    await endSession(this.fetch, this.connection);
    await this.options.transport.close().catch(() => undefined);
    this.finish(code);
  }

  private onMessage(message: JSONRPCMessage): void {
    if (this.stopped.signal.aborted) return;
    if (isJsonRpcRequest(message)) void this.relayRequest(message);
    else if (isJsonRpcNotification(message)) void this.relayNotification(message);
    // A response to a server-initiated request (2025 era): it travels in the session.
    else void this.relayQuietly(message);
  }

  private async relayRequest(request: JSONRPCRequest): Promise<void> {
    if (this.refusal !== null) return this.failClosed(this.refusal, request);
    // The client opens a new session: the old session's stream has nothing more to say.
    if (isInitialize(request)) this.closeStream();
    const controller = new AbortController();
    this.inflight.set(request.id, { controller, modern: envelopeVersionOf(request) !== null });
    try {
      const answer = await this.exchangeUntilAnswered(request, controller.signal);
      this.memory.remember(request, answer);
      this.noteProtocolVersion(request, answer);
    } catch (error: unknown) {
      await this.answerFailure(request, error, controller.signal);
    } finally {
      this.inflight.delete(request.id);
    }
  }

  /** Exchanges `request`; a `subscriptions/listen` stream that ends unanswered (server restart) is opened again. */
  private async exchangeUntilAnswered(request: JSONRPCRequest, signal: AbortSignal): Promise<JSONRPCMessage> {
    for (;;) {
      const answer = await this.exchange(request, signal);
      if (answer !== null) return answer;
      signal.throwIfAborted();
      if (request.method !== 'subscriptions/listen') throw new RelayFailure('connection_lost', 'The connection to the indx server was lost before it answered; the request may or may not have been carried out. Check, then retry.');
      this.log('the subscriptions/listen stream ended without an answer; opening it again');
      await sleep(this.retryDelayMs, undefined, { signal });
    }
  }

  private async relayNotification(notification: JSONRPCNotification): Promise<void> {
    if (this.cancelModern(notification)) return;
    // A 2025-era notification outside a session has nowhere to go (the server would answer 400).
    if (!this.memory.hasSession && !isInitializedNotification(notification) && envelopeVersionOf(notification) === null) return;
    await this.relayQuietly(notification);
    if (isInitializedNotification(notification) && this.connection !== null) this.openStream(this.connection);
  }

  /** A 2026-era request is cancelled by closing its POST, not by forwarding the notification. */
  private cancelModern(notification: JSONRPCNotification): boolean {
    if (notification.method !== 'notifications/cancelled') return false;
    const id = notification.params?.requestId;
    const pending = typeof id === 'string' || typeof id === 'number' ? this.inflight.get(id) : undefined;
    if (pending === undefined || !pending.modern) return false;
    pending.controller.abort();
    return true;
  }

  /** Relays a message nobody waits an answer for; failures are logged (a refused token is kept for the next request). */
  private async relayQuietly(message: JSONRPCMessage): Promise<void> {
    try {
      await this.exchange(message, this.stopped.signal);
    } catch (error: unknown) {
      if (isRelayFailure(error, 'token_refused')) return this.noteRefusal(error);
      if (!this.stopped.signal.aborted) this.log(`a message to the server was lost: ${describeError(error)}`);
    }
  }

  /**
   * POSTs `message`, writes every message of the answer to the client, and resolves with the
   * answer to a request (null for a notification or response, or when the stream ended first).
   * Unreachable servers and lost sessions are recovered from until the wait ends.
   */
  private async exchange(message: JSONRPCMessage, signal: AbortSignal): Promise<JSONRPCMessage | null> {
    const deadline = Date.now() + this.reconnectWaitMs;
    for (let reopens = 0; ; ) {
      const connection = await this.connected(deadline, signal);
      const response = await this.post(connection, message, signal).catch((error: unknown) => this.lose(connection, error, signal));
      if (response === null) {
        await this.pause(deadline, signal, connection.url);
        continue;
      }
      if (isSessionLost(response, connection, message) && reopens < MAX_SESSION_REOPENS) {
        reopens += 1;
        await response.body?.cancel();
        this.drop(connection, 'the server no longer knows the session');
        continue;
      }
      return this.deliver(response, connection, message);
    }
  }

  private post(connection: RelayConnection, message: JSONRPCMessage, signal: AbortSignal): Promise<Response> {
    const headers = relayHeaders(connection, message);
    return this.fetch(`${connection.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(message), signal: AbortSignal.any([signal, this.stopped.signal]) });
  }

  /**
   * A POST that failed: the connection is dropped. Only a request that provably never left
   * (connection refused, …) gets null, for a retry; any other failure may have come after the
   * server acted on it, so it is `connection_lost` and never sent again (a write must not run
   * twice). An abort is rethrown.
   */
  private lose(connection: RelayConnection, error: unknown, signal: AbortSignal): null {
    if (signal.aborted || this.stopped.signal.aborted) throw error;
    this.drop(connection, `the server at ${connection.url} did not answer (${describeError(error)})`);
    if (isNeverSent(error)) return null;
    throw new RelayFailure('connection_lost', `The connection to the indx server at ${connection.url} broke after the request was sent (${describeError(error)}); it may or may not have been carried out. Check, then retry.`, { cause: error });
  }

  private async deliver(response: Response, connection: RelayConnection, message: JSONRPCMessage): Promise<JSONRPCMessage | null> {
    const refusal = await readRefusal(response, connection.url, connection.token !== null);
    if (refusal !== null) {
      await response.body?.cancel();
      throw refusal;
    }
    if (isInitialize(message) && response.ok) connection.sessionId = response.headers.get('mcp-session-id');
    if (isJsonRpcRequest(message)) return relayReply(response, message, { write: (reply) => this.write(reply), log: this.log, stopped: this.stopped.signal });
    if (!response.ok) this.log(`the server refused a ${'method' in message ? message.method : 'response'} message (HTTP ${response.status})`);
    await response.body?.cancel();
    return null;
  }

  private noteProtocolVersion(request: JSONRPCRequest, answer: JSONRPCMessage): void {
    if (!isInitialize(request) || !isJsonRpcResult(answer) || this.connection === null) return;
    const version = answer.result.protocolVersion;
    this.connection.protocolVersion = typeof version === 'string' ? version : null;
  }

  /** The current connection, or a new one (one attempt at a time, shared by every waiting message). */
  private async connected(deadline: number, signal: AbortSignal): Promise<RelayConnection> {
    if (this.connection !== null) return this.connection;
    this.connecting ??= this.connect(deadline).finally(() => (this.connecting = null));
    signal.throwIfAborted();
    return this.connecting;
  }

  /** Finds the server (discovery, `--url`), re-opens the remembered session there, and opens its GET stream. */
  private async connect(deadline: number): Promise<RelayConnection> {
    let url: string | null = null;
    for (;;) {
      const target = await locateServer(this.options.choice, this.environment, this.options.discoveryFolder);
      url = target?.url ?? null;
      if (target !== null) {
        const connection: RelayConnection = { url: target.url, token: target.token, sessionId: null, protocolVersion: null };
        if (await this.reopenSession(connection)) {
          this.connection = connection;
          this.openStream(connection);
          return connection;
        }
      }
      const unchosen = target === null ? await findUnchosenServers(this.options.choice, this.environment, this.options.discoveryFolder) : null;
      // Waiting cannot help: the user has to say which vault.
      if (unchosen !== null) throw new RelayFailure('server_unavailable', describeUnchosenServers(unchosen));
      if (Date.now() >= deadline) throw this.unavailable(url);
      await sleep(this.retryDelayMs, undefined, { signal: this.stopped.signal });
    }
  }

  /** Replays the remembered session on `connection`; false when the server cannot be reached. */
  private async reopenSession(connection: RelayConnection): Promise<boolean> {
    const replay = this.memory.replay(() => `indx-relay-${(this.internalIds += 1)}`);
    try {
      await replaySession(connection, replay, (message) => this.post(connection, message, this.stopped.signal), this.log);
    } catch (error: unknown) {
      if (isRelayFailure(error) || this.stopped.signal.aborted) throw error;
      this.log(`the server at ${connection.url} did not answer (${describeError(error)})`);
      return false;
    }
    if (replay.length > 0) this.log(`re-opened the MCP session on ${connection.url}`);
    return true;
  }

  /** Opens the 2025-era GET stream of server-initiated messages once per connection. */
  private openStream(connection: RelayConnection): void {
    if (connection.sessionId === null || this.stream !== null || this.stopped.signal.aborted) return;
    const controller = new AbortController();
    this.stream = controller;
    void this.followStream(connection, controller.signal).finally(() => {
      if (this.stream === controller) this.stream = null;
    });
  }

  /** Relays the session's GET stream; when it ends (server gone, session ended) the session is re-opened. */
  private async followStream(connection: RelayConnection, signal: AbortSignal): Promise<void> {
    const options = { fetch: this.fetch, signal: AbortSignal.any([signal, this.stopped.signal]), write: (message: JSONRPCMessage) => this.write(message), log: this.log };
    const end = await followSessionStream(connection, options);
    if (end.kind === 'refused') return this.noteRefusal(end.failure);
    if (end.kind === 'closed') return;
    this.drop(connection, 'the notification stream ended');
    await this.reconnectInBackground(end.lastedMs);
  }

  /**
   * Re-opens the session after its stream ended, backing off while the server stays away, and
   * across streams that keep ending at once (a server refusing them), so no loop hammers it.
   */
  private async reconnectInBackground(streamLastedMs: number): Promise<void> {
    this.shortStreams = streamLastedMs < SHORT_STREAM_MS ? this.shortStreams + 1 : 0;
    let delay = this.shortStreams === 0 ? 0 : backoff(this.retryDelayMs, this.shortStreams - 1);
    for (let attempt = 1; !this.stopped.signal.aborted && this.refusal === null; attempt += 1) {
      try {
        await sleep(delay, undefined, { signal: this.stopped.signal });
        await this.connected(Date.now() + this.reconnectWaitMs, this.stopped.signal);
        return;
      } catch (error: unknown) {
        if (isRelayFailure(error, 'token_refused')) return this.noteRefusal(error);
        delay = backoff(this.retryDelayMs, attempt);
      }
    }
  }

  private drop(connection: RelayConnection, reason: string): void {
    if (this.connection !== connection) return;
    this.log(`${reason}; looking for the server again`);
    this.connection = null;
    this.closeStream();
  }

  private closeStream(): void {
    this.stream?.abort();
    this.stream = null;
  }

  /** Waits before the next attempt; past the deadline, fails with what was (not) found at `url`. */
  private async pause(deadline: number, signal: AbortSignal, url: string): Promise<void> {
    if (Date.now() >= deadline) throw this.unavailable(url);
    await sleep(this.retryDelayMs, undefined, { signal: AbortSignal.any([signal, this.stopped.signal]) });
  }

  private unavailable(url: string | null): RelayFailure {
    const vault = this.options.choice.vault ?? this.environment.INDX_VAULT;
    return toServerUnavailable(url, vault === '' ? undefined : vault, this.reconnectWaitMs, this.options.canServe);
  }

  private async answerFailure(request: JSONRPCRequest, error: unknown, signal: AbortSignal): Promise<void> {
    // A cancelled request is not answered (the client has stopped waiting); a stopping relay answers nothing.
    if (signal.aborted || this.stopped.signal.aborted) return;
    if (isRelayFailure(error, 'token_refused')) return this.failClosed(error, request);
    const failure = isRelayFailure(error) ? error : new RelayFailure('connection_lost', `The request could not be relayed to the indx server: ${describeError(error)}`, { cause: error });
    this.log(failure.message);
    await this.write(toFailureAnswer(request, failure));
  }

  /** Security: fails closed. The request is answered with the refusal, then the relay stops; nothing is retried. */
  private async failClosed(failure: RelayFailure, request: JSONRPCRequest): Promise<void> {
    this.noteRefusal(failure);
    await this.write(toFailureAnswer(request, failure));
    await this.stop(TOKEN_REFUSED_EXIT);
  }

  private noteRefusal(failure: RelayFailure): void {
    if (this.refusal !== null) return;
    this.refusal = failure;
    this.log(failure.message);
  }

  private async write(message: JSONRPCMessage): Promise<void> {
    await this.options.transport.send(message).catch((error: unknown) => this.log(`stdout: ${describeError(error)}`));
  }
}

/** A 404 to a message sent in a 2025-era session: the server restarted or ended the session. */
function isSessionLost(response: Response, connection: RelayConnection, message: JSONRPCMessage): boolean {
  return response.status === 404 && connection.sessionId !== null && !isInitialize(message) && envelopeVersionOf(message) === null;
}

/** `base` doubled `attempt` times, at most {@link MAX_BACKOFF_MS}. */
function backoff(base: number, attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.min(attempt, 16));
}
