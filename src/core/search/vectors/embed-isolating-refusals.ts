import { isInputRejection } from '../../ai/is-input-rejection';
import type { QueuedText, RefusedTexts } from './embedding-queue';

/** A short text any working provider embeds, asked alone to tell "this input is refused" from "every input is". */
const PROBE_TEXT = 'indx';

/** What {@link embedIsolatingRefusals} works with. */
export interface IsolationParts {
  /** One request for these texts (retries included); throws the provider's failure. */
  embed: (texts: string[]) => Promise<Float32Array[]>;
  /** Keeps the vectors of texts that were embedded, in the order given. */
  keep: (items: readonly QueuedText[], vectors: readonly Float32Array[]) => void;
  /** Told when the provider refuses even the probe: the refusal holds for every request. */
  refusesEverything: (error: unknown) => void;
}

/**
 * Embeds a batch so that a text the provider refuses (too long for the model, say) does not
 * fail its neighbours. When the whole batch is refused as input, a short probe text is sent
 * alone: if that is refused too, the fault is the provider's (a model that rejects the
 * requested dimensions, an endpoint that is no embeddings endpoint), so `refusesEverything` is
 * told and the refusal thrown. Otherwise the batch is halved, recursively, until each refused
 * text stands alone: about two requests per level for each refused text. Resolves with the
 * refused texts by hash; every other text's vector has been kept. Failures that are not about
 * the input (unreachable, 5xx, cancelled) are thrown as they come.
 */
export async function embedIsolatingRefusals(batch: readonly QueuedText[], parts: IsolationParts): Promise<RefusedTexts> {
  const refused = new Map<string, unknown>();
  const refusal = await attempt(batch, parts);
  if (refusal === null) return refused;
  await probe(refusal, parts);
  await isolate(batch, refusal, parts, refused);
  return refused;
}

// One request for `items`: null once their vectors are kept, else the input refusal.
async function attempt(items: readonly QueuedText[], parts: IsolationParts): Promise<unknown> {
  try {
    parts.keep(items, await parts.embed(items.map((item) => item.text)));
    return null;
  } catch (error: unknown) {
    if (!isInputRejection(error)) throw error;
    return error;
  }
}

async function probe(refusal: unknown, parts: IsolationParts): Promise<void> {
  try {
    await parts.embed([PROBE_TEXT]);
  } catch (error: unknown) {
    if (!isInputRejection(error)) throw error;
    parts.refusesEverything(refusal);
    throw refusal;
  }
}

// `items` were refused together: alone, the text is the culprit; else each half is tried apart.
async function isolate(items: readonly QueuedText[], refusal: unknown, parts: IsolationParts, refused: Map<string, unknown>): Promise<void> {
  if (items.length === 1) {
    refused.set(items[0]!.hash, refusal);
    return;
  }
  const middle = Math.ceil(items.length / 2);
  for (const half of [items.slice(0, middle), items.slice(middle)]) {
    const halfRefusal = await attempt(half, parts);
    if (halfRefusal !== null) await isolate(half, halfRefusal, parts, refused);
  }
}
