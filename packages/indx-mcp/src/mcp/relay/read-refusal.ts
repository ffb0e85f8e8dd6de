import { RelayFailure } from './relay-failure';

/** An indx error as the server sends it: the JSON-RPC body of `/mcp` or the REST envelope. */
interface ServerError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

const TOKEN_FIX = 'Create a token with "indx token create --vault DIR --name NAME --scopes vault:read,vault:write", put it in INDX_TOKEN (or in the file named by --token-file) in this MCP server\'s client configuration ("indx mcp install --token-file FILE --force" writes it), then restart the MCP client.';

/**
 * The failure a refusal stands for, or null when `response` is none. A 401, and a 403 whose indx
 * error body says `unauthorized` or `forbidden` (a scope the token lacks), refuse the token
 * (`token_refused`: the relay fails closed). A 403 for the Host or Origin header (indx's
 * DNS-rebinding guard; its details name `host` or `origin`) is `request_refused`: the token is
 * fine, the address is not. A 403 without an indx body (a proxy's) is left to the caller as an
 * ordinary HTTP error. The body is read from a clone, so the caller can still read it.
 */
export async function readRefusal(response: Response, url: string, hadToken: boolean): Promise<RelayFailure | null> {
  if (response.status !== 401 && response.status !== 403) return null;
  const error = parseServerError(await response.clone().text());
  if (response.status === 401) return toTokenRefused(url, hadToken, error);
  if (error === null) return null;
  if ('host' in error.details || 'origin' in error.details) return toRequestRefused(url, error);
  return error.code === 'forbidden' || error.code === 'unauthorized' ? toTokenRefused(url, hadToken, error) : null;
}

/** Security: the token itself is never quoted; the message says where it comes from and how to make a new one. */
function toTokenRefused(url: string, hadToken: boolean, error: ServerError | null): RelayFailure {
  if (!hadToken) return new RelayFailure('token_refused', `The indx server at ${url} needs a token and none was configured. ${TOKEN_FIX}`);
  if (error?.code === 'forbidden') return new RelayFailure('token_refused', `The indx server at ${url} refused the request (HTTP 403: ${error.message}). The token lacks a scope. ${TOKEN_FIX}`);
  return new RelayFailure('token_refused', `The indx server at ${url} refused the token: it is unknown or was revoked. ${TOKEN_FIX}`);
}

function toRequestRefused(url: string, error: ServerError): RelayFailure {
  const message = `The indx server at ${url} refused the request for its address, not its token (HTTP 403: ${error.message}). indx answers only requests addressed to itself on 127.0.0.1: connect to the port it listens on (give --url http://127.0.0.1:PORT, or let the discovery record find it); a tunnel or proxy must keep the port and the Host header.`;
  return new RelayFailure('request_refused', message);
}

/** The indx error in a body: `{error: {message, data: {code, details}}}` (JSON-RPC) or `{ok: false, error: {code, message, details}}`. */
function parseServerError(text: string): ServerError | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.message !== 'string') return null;
  const source = isRecord(error.data) ? error.data : error;
  if (typeof source.code !== 'string') return null;
  return { code: source.code, message: error.message, details: isRecord(source.details) ? source.details : {} };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
