// A small seeded pseudo-random generator (mulberry32), so the same seed always yields the same
// vault, the same query set and the same edited notes.

/** Returns a generator of floats in [0, 1) determined entirely by `seed` (an integer). */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [0, bound). */
    below: (bound) => Math.floor(next() * bound),
    /** One element of a non-empty array. */
    pick: (items) => items[Math.floor(next() * items.length)],
    /** True with probability `probability`. */
    chance: (probability) => next() < probability,
    /** A new array with the elements of `items` in a random order (Fisher–Yates). */
    shuffle: (items) => {
      const copy = items.slice();
      for (let index = copy.length - 1; index > 0; index--) {
        const other = Math.floor(next() * (index + 1));
        [copy[index], copy[other]] = [copy[other], copy[index]];
      }
      return copy;
    },
  };
}

/** Derives a sub-seed from a seed and a label, so independent streams stay independent. */
export function deriveSeed(seed, label) {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (let index = 0; index < label.length; index++) hash = Math.imul(hash ^ label.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}
