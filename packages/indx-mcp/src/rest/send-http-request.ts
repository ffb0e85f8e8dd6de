import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CommandFailure } from './command-failure';

/** One HTTP exchange as the REST client needs it. */
export interface HttpExchange {
  method: string;
  /** Path and query, sent exactly as given (no dot-segment normalisation, unlike `fetch`). */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

/** The status, headers and text of a response. */
export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Sends one request; the seam the REST client takes so tests can answer it. */
export type SendHttpRequest = (baseUrl: string, exchange: HttpExchange) => Promise<HttpReply>;

/**
 * Sends `exchange` to the server at `baseUrl` with Node's own client, the request target sent
 * byte for byte. A server that cannot be reached fails with `server_unavailable`.
 */
export const sendHttpRequest: SendHttpRequest = (baseUrl, exchange) => {
  const url = parseBaseUrl(baseUrl);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send({ protocol: url.protocol, hostname: url.hostname, port: url.port, method: exchange.method, path: `${url.pathname.replace(/\/+$/, '')}${exchange.target}`, headers: exchange.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => reject(unreachable(baseUrl, error)));
    outgoing.end(exchange.body);
  });
};

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
