import type { AiUsage, AiWarning } from '../../../src/core/ai/ai-schemas';
import type { AiHarness } from '../../helpers/ai-harness';
import { ERROR_META_KEY } from '../../../src/server/mcp/tool-result';

/** The two surfaces every acceptance case runs through. */
export type Surface = 'mcp' | 'rest';

/** Both surfaces, for `describe.each`. */
export const SURFACES: readonly Surface[] = ['mcp', 'rest'];

/** The result of an AI operation as a surface returns it: the op's own fields, usage and warnings. */
export interface AiOutput {
  usage: AiUsage;
  warnings: AiWarning[];
  [field: string]: unknown;
}

/** An error as the surfaces return it (MCP's structured content, REST's envelope `error`). */
export interface SurfaceError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** What one call through a surface gave back. REST fills `status` and `headers`; MCP leaves them null. */
export interface SurfaceOutcome {
  surface: Surface;
  status: number | null;
  headers: Headers | null;
  data: AiOutput | null;
  error: SurfaceError | null;
}

/** Where an operation lives on each surface. */
export interface OperationAddress {
  tool: string;
  route: string;
}

/** Calls an AI operation through MCP (a real client over HTTP) or REST (POST with a JSON body). */
export async function callSurface(harness: AiHarness, surface: Surface, address: OperationAddress, input: object): Promise<SurfaceOutcome> {
  if (surface === 'mcp') {
    const result = await harness.callTool(address.tool, input);
    const content = (result.structuredContent ?? null) as unknown;
    const error = (result._meta?.[ERROR_META_KEY] ?? null) as SurfaceError | null;
    return result.isError === true
      ? { surface, status: null, headers: null, data: null, error: error ?? { code: 'unstructured', message: JSON.stringify(result.content), details: {} } }
      : { surface, status: null, headers: null, data: content as AiOutput, error: null };
  }
  const response = await harness.rest('POST', address.route, input);
  const envelope = response.body as { ok?: boolean; data?: AiOutput; error?: SurfaceError };
  return { surface, status: response.status, headers: response.headers, data: envelope.ok === true ? (envelope.data ?? null) : null, error: envelope.ok === false ? (envelope.error ?? null) : null };
}

/** The data of a successful outcome (fails the test, showing the error, otherwise). */
export function dataOf(outcome: SurfaceOutcome): AiOutput {
  if (outcome.data === null) throw new Error(`expected success over ${outcome.surface}, got ${outcome.status ?? 'isError'}: ${JSON.stringify(outcome.error)}`);
  if (outcome.status !== null) expect(outcome.status).toBe(200);
  return outcome.data;
}

/** The error of a failed outcome, checked against `code` (and, over REST, its HTTP status). */
export function errorOf(outcome: SurfaceOutcome, code: string, httpStatus: number): SurfaceError {
  if (outcome.error === null) throw new Error(`expected ${code} over ${outcome.surface}, but the call succeeded: ${JSON.stringify(outcome.data).slice(0, 400)}`);
  expect(outcome.error.code).toBe(code);
  if (outcome.status !== null) expect(outcome.status).toBe(httpStatus);
  return outcome.error;
}

/** The codes of an output's warnings, in order. */
export function warningCodesOf(output: AiOutput): string[] {
  return output.warnings.map((warning) => warning.code);
}

/** Everything the fake provider received, as one string (to assert what never left the vault). */
export function sentText(harness: AiHarness): string {
  return JSON.stringify(harness.openai.requests.map((request): unknown => request.body));
}
