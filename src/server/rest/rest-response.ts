/** A REST response as data, so it can be stored and replayed for an idempotency key. */
export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  /** The JSON body; undefined for HEAD. */
  body: unknown;
}
