// Seeded randomness: every random choice in the analyzer comes from a generator made here from an explicit key.

import seedrandom from 'seedrandom';

/** A generator of uniform numbers in [0, 1). */
export type Rng = () => number;

/** A fast generator (seedrandom's alea) keyed by a string, such as `${seed}:${game}:${deal}`. */
export function seededRng(key: string): Rng {
  return seedrandom.alea(key);
}

/** A uniform integer in 0..n-1. */
export function randomInt(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}

/** Shuffle a[0..n) in place (Fisher-Yates). */
export function shuffleInPlace(rng: Rng, a: Uint8Array, n = a.length): void {
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}
