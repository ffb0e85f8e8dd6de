import { toCanonicalJson } from '../../canonical-json';
import type { Storage } from '../../vault/storage';
import type { FetchFunction } from '../openai-compatible';
import { sha256Hex } from '../../sha256-hex';

/** What `createTestModeFetch` wraps and where it keeps the recorded exchanges. */
export interface TestModeFetchOptions {
  /** Read for AI_TEST_RECORD=1 and AI_TEST_REPLAY=1. */
  environment: Readonly<Record<string, string | undefined>>;
  /** The fetch requests normally leave through (default: the global fetch). */
  fetch?: FetchFunction;
  /** Where fixtures live, as `ai-fixtures/<key>.json`. */
  fixtures: Storage;
}

/** One recorded provider exchange, as stored. The request's headers (the API key) are never kept. */
export interface AiFixture {
  request: { method: string; path: string; body: unknown };
  response: { status: number; headers: { 'content-type'?: string }; body: string };
}

/** The request parts that identify an exchange. */
interface RequestKey {
  method: string;
  path: string;
  body: string;
}

const FIXTURE_FOLDER = 'ai-fixtures';
/** The status of a replayed request that has no fixture: outside HTTP's own, so never mistaken for a provider's. */
const MISSING_FIXTURE_STATUS = 599;

/**
 * The fetch of the AI test mode (seed 002 §13). With AI_TEST_RECORD=1 every provider request
 * goes out and its exchange is stored under `ai-fixtures/<sha256 of method, path and canonical
 * body>.json` (streamed replies as their whole SSE text); with AI_TEST_REPLAY=1 (which wins
 * over RECORD) stored replies are served and the network is never used: a request without a
 * fixture answers status 599, which surfaces as `ai_provider_error` naming the missing key.
 * Neither set: `fetch` is returned unchanged. The key ignores the host, so a fixture recorded
 * against one server replays for another address. Recording wraps the host's `fetch` (both hosts
 * inject one); without one there is nothing to wrap and requests go out unrecorded.
 */
export function createTestModeFetch(options: TestModeFetchOptions): FetchFunction | undefined {
  if (isOn(options.environment.AI_TEST_REPLAY)) return replayingFetch(options.fixtures);
  if (isOn(options.environment.AI_TEST_RECORD) && options.fetch !== undefined) return recordingFetch(options.fixtures, options.fetch);
  return options.fetch;
}

function isOn(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true';
}

function recordingFetch(fixtures: Storage, fetchFunction: FetchFunction): FetchFunction {
  return async (input, init) => {
    const key = await requestKeyOf(input, init);
    const response = await fetchFunction(input, init);
    const body = await response.text();
    const contentType = response.headers.get('content-type');
    const fixture: AiFixture = {
      request: { method: key.method, path: key.path, body: parseBody(key.body) },
      response: { status: response.status, headers: contentType === null ? {} : { 'content-type': contentType }, body },
    };
    await fixtures.write(await fixtureNameOf(key), `${JSON.stringify(fixture, null, 2)}\n`);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: fixture.response.headers });
  };
}

function replayingFetch(fixtures: Storage): FetchFunction {
  return async (input, init) => {
    init?.signal?.throwIfAborted();
    const key = await requestKeyOf(input, init);
    const name = await fixtureNameOf(key);
    const stored = await fixtures.read(name);
    if (stored === null) return missingFixture(name, key);
    const fixture = JSON.parse(new TextDecoder().decode(stored)) as AiFixture;
    return new Response(fixture.response.body, { status: fixture.response.status, headers: fixture.response.headers });
  };
}

function missingFixture(name: string, key: RequestKey): Response {
  const message = `AI_TEST_REPLAY is on and no fixture ${name} exists for ${key.method} ${key.path}; record it with AI_TEST_RECORD=1`;
  return new Response(JSON.stringify({ error: { message, type: 'missing_fixture' } }), { status: MISSING_FIXTURE_STATUS, headers: { 'content-type': 'application/json' } });
}

/** The fixture entry of a request: its method, path (host left out) and JSON body with sorted keys. */
async function fixtureNameOf(key: RequestKey): Promise<string> {
  return `${FIXTURE_FOLDER}/${await sha256Hex(`${key.method} ${key.path}\n${canonicalBody(key.body)}`)}.json`;
}

function canonicalBody(body: string): string {
  try {
    return toCanonicalJson(JSON.parse(body));
  } catch {
    return body;
  }
}

async function requestKeyOf(input: RequestInfo | URL, init: RequestInit | undefined): Promise<RequestKey> {
  // By shape, not instanceof: a Request or URL may come from another realm (jest's sandbox).
  const request = typeof input === 'object' && 'method' in input ? input : undefined;
  const url = new URL(typeof input === 'string' ? input : 'href' in input ? input.href : input.url);
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const body = init?.body !== undefined && init.body !== null ? bodyText(init.body) : ((await request?.clone().text()) ?? '');
  return { method, path: `${url.pathname}${url.search}`, body };
}

function bodyText(body: BodyInit): string {
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return new TextDecoder().decode(body);
  return body instanceof URLSearchParams ? body.toString() : '';
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}
