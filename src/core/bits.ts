// Bit tricks behind names: sets of up to 31 small numbers (piles of a row, cells, ranks) held in one integer.

/** The index of the lowest set bit of mask (mask !== 0). */
export function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}

/** The index of the highest set bit of mask (mask !== 0). */
export function highestBit(mask: number): number {
  return 31 - Math.clz32(mask);
}

/** mask without its lowest set bit. */
export function withoutLowest(mask: number): number {
  return mask & (mask - 1);
}

/** The number of set bits of mask. */
export function popcount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Calls f with the index of each set bit of mask, lowest first (off the hot paths: it takes a closure). */
export function forEachBit(mask: number, f: (i: number) => void): void {
  for (let m = mask; m !== 0; m &= m - 1) f(31 - Math.clz32(m & -m));
}
