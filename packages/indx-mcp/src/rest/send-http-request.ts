import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CommandFailure } from './command-failure';
import { DEFAULT_TIMEOUT_MS } from './default-timeout';

/** One HTTP exchange as the REST client needs it. */
export interface HttpExchange {
  method: string;
  /** Path and query, sent exactly as given (no dot-segment normalisation, unlike `fetch`). */
  target: string;
  headers: Record<string, string>;
  /** JSON text, or a file's raw bytes. */
  body?: string | Uint8Array;
  /** How long the server may stay silent before the request fails (default {@link DEFAULT_TIMEOUT_MS}). */
  timeoutMs?: number;
}

// The REST client's default, exported with it (the constant itself lives apart, see default-timeout.ts).
export { DEFAULT_TIMEOUT_MS };

/** The status, headers and text of a response. */
export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Sends one request; the seam the REST client takes so tests can answer it. */
export type SendHttpRequest = (baseUrl: string, exchange: HttpExchange) => Promise<HttpReply>;

/** A response whose body is still arriving: read `body` as it comes. */
export interface HttpResponseStream {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
  /** The failure that cut the body short (the server fell silent for the timeout), or null. */
  interruption(): CommandFailure | null;
}

/**
 * Sends `exchange` to the server at `baseUrl` with Node's own client, the request target sent
 * byte for byte. A server that cannot be reached fails with `server_unavailable`; so does one
 * that stays silent for `exchange.timeoutMs` (the connection is then closed), so a server that
 * accepts but never answers cannot hang the CLI.
 */
export const sendHttpRequest: SendHttpRequest = async (baseUrl, exchange) => {
  const opened = await openHttpRequest(baseUrl, exchange);
  return { status: opened.status, headers: opened.headers, text: await readResponseText(opened) };
};

/**
 * Sends `exchange` like {@link sendHttpRequest} but resolves as soon as the status and headers
 * are in, with the body to read as it streams (server-sent events). Silence counts from the last
 * byte received: a stream that keeps sending never times out; one that falls silent for
 * `exchange.timeoutMs` is closed, and `interruption()` says why.
 */
export function openHttpRequest(baseUrl: string, exchange: HttpExchange): Promise<HttpResponseStream> {
  const url = parseBaseUrl(baseUrl);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = exchange.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let interruption: CommandFailure | null = null;
  return new Promise((resolve, reject) => {
    const outgoing = send({ protocol: url.protocol, hostname: url.hostname, port: url.port, method: exchange.method, path: `${url.pathname.replace(/\/+$/, '')}${exchange.target}`, headers: exchange.headers, agent: false }, (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response, interruption: () => interruption });
    });
    outgoing.setTimeout(timeoutMs, () => {
      interruption = silent(baseUrl, exchange.method, timeoutMs);
      // The first settlement wins: the failure below is what the caller sees, not the abort that follows.
      reject(interruption);
      outgoing.destroy();
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => reject(unreachable(baseUrl, error)));
    outgoing.end(exchange.body);
  });
}

/** The whole body as text; a body cut short fails with the reason (silence) or the stream's error. */
export function readResponseText(opened: HttpResponseStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    opened.body.on('data', (chunk: Buffer) => chunks.push(chunk));
    opened.body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    opened.body.on('error', (error) => reject(opened.interruption() ?? error));
    opened.body.on('close', () => {
      if (!opened.body.complete) reject(opened.interruption() ?? new CommandFailure('server_unavailable', 'The server closed the connection before the response was complete.', {}));
    });
  });
}

function parseBaseUrl(baseUrl: string): URL {
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CommandFailure('invalid_input', `The server URL "${baseUrl}" is not an http(s) URL. Pass the base URL, e.g. --url http://127.0.0.1:27643.`, { url: baseUrl });
  }
  return url;
}

function unreachable(baseUrl: string, error: NodeJS.ErrnoException): CommandFailure {
  const message = `No indx server answered at ${baseUrl} (${error.code ?? error.message}). Start one with "indx serve --vault DIR" or open the vault in Obsidian with indx enabled; or pass --vault DIR without --url to run in-process.`;
  return new CommandFailure('server_unavailable', message, { url: baseUrl, cause: error.code ?? null }, { cause: error });
}

function silent(baseUrl: string, method: string, timeoutMs: number): CommandFailure {
  const seconds = timeoutMs / 1000;
  const write = method === 'GET' || method === 'HEAD' ? '' : ' The request may or may not have been carried out: check before repeating it (one sent with --idempotency-key may be repeated with the same key).';
  const message = `The indx server at ${baseUrl} accepted the connection but did not answer within ${seconds} s.${write} If it is busy, wait longer with --timeout SECONDS; if it hangs, restart it (reload the plugin, or stop and start "indx serve").`;
  return new CommandFailure('server_unavailable', message, { url: baseUrl, timeout_ms: timeoutMs });
}
