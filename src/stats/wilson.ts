// The Wilson score interval for a binomial proportion.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** Wilson score interval [low, high] for `wins` successes in `n` trials; [0, 1] when n = 0. */
export function wilson(wins: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
