/** Fills `bytes` with random bytes. */
export type RandomBytes = (bytes: Uint8Array) => void;

/** Makes a fresh id that is not in `taken`. */
export type CanvasIdGenerator = (taken: ReadonlySet<string>) => string;

const platformRandom: RandomBytes = (bytes) => {
  crypto.getRandomValues(bytes);
};

/**
 * Creates a generator of Obsidian-style canvas ids: 16 lowercase hex characters (8 random
 * bytes), drawn again on the rare clash with an id already in the canvas. `random` is injected
 * so tests are deterministic; it defaults to the platform's cryptographic generator.
 */
export function createCanvasIdGenerator(random: RandomBytes = platformRandom): CanvasIdGenerator {
  return (taken) => {
    for (;;) {
      const bytes = new Uint8Array(8);
      random(bytes);
      const id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
      if (!taken.has(id)) return id;
    }
  };
}
