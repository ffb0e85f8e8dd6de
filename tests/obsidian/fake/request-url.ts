/** Obsidian's `RequestUrlParam`. */
export interface RequestUrlParam {
  url: string;
  method?: string;
  contentType?: string;
  body?: string | ArrayBuffer;
  headers?: Record<string, string>;
  throw?: boolean;
}

/** Obsidian's `RequestUrlResponse`. */
export interface RequestUrlResponse {
  status: number;
  headers: Record<string, string>;
  arrayBuffer: ArrayBuffer;
  json: unknown;
  text: string;
}

/** Every request made through the fake `requestUrl`, for tests. */
export const requestLog: RequestUrlParam[] = [];

/**
 * Obsidian's `requestUrl` over Node's HTTP client: obsidian.d.ts requestUrl: "Similar to
 * `fetch()`, request a URL using HTTP/HTTPS, without any CORS restrictions." The whole body is
 * buffered, and a status of 400 or more rejects unless `throw: false`: obsidian.d.ts
 * RequestUrlParam.throw: "Whether to throw an error when the status code is 400+" and "Defaults to
 * true". ASSUMED (docs silent): the error's message is "Request failed, status <status>" (as the
 * app logs it in user reports); header names are lower-cased; `contentType` is sent as the
 * content-type header unless `headers` has one; `json` parses when read.
 */
export function requestUrl(request: RequestUrlParam | string): Promise<RequestUrlResponse> & { json: Promise<unknown>; text: Promise<string>; arrayBuffer: Promise<ArrayBuffer> } {
  const parameters = typeof request === 'string' ? { url: request } : request;
  requestLog.push(parameters);
  const response = send(parameters);
  // Like the app's, the shortcuts are promises of the parts, made when read (an unread one never rejects).
  return Object.defineProperties(response, {
    json: { get: () => response.then((answer) => answer.json) },
    text: { get: () => response.then((answer) => answer.text) },
    arrayBuffer: { get: () => response.then((answer) => answer.arrayBuffer) },
  }) as Promise<RequestUrlResponse> & { json: Promise<unknown>; text: Promise<string>; arrayBuffer: Promise<ArrayBuffer> };
}

async function send(parameters: RequestUrlParam): Promise<RequestUrlResponse> {
  const headers = { ...(parameters.contentType === undefined ? {} : { 'content-type': parameters.contentType }), ...parameters.headers };
  const answer = await fetch(parameters.url, { method: parameters.method ?? 'GET', headers, body: parameters.body });
  const arrayBuffer = await answer.arrayBuffer();
  const text = new TextDecoder().decode(arrayBuffer);
  const responseHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => (responseHeaders[name] = value));
  if (parameters.throw !== false && answer.status >= 400) throw new Error(`Request failed, status ${answer.status}`);
  return {
    status: answer.status,
    headers: responseHeaders,
    arrayBuffer,
    text,
    get json(): unknown {
      return JSON.parse(text) as unknown;
    },
  };
}
