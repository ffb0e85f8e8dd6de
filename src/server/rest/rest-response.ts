/** A REST response as data, so it can be stored and replayed for an idempotency key. */
export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  /** The JSON body; undefined for HEAD and for raw bytes. */
  body: unknown;
  /** A file's raw bytes, sent as the body instead of JSON (its Content-Type is in `headers`). */
  bytes?: Uint8Array;
}
