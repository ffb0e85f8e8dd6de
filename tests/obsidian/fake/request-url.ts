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
 * Obsidian's `requestUrl` over Node's HTTP client: no CORS, the whole body buffered, header names
 * lower-cased, and a status of 400 or more rejected unless `throw: false`. `json` parses lazily.
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
