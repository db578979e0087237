// The solver's table of visited positions: 64-bit copy-blind keys (Table.key) in one open-addressed table, each
// with the discrepancy allowance it was searched with, sized once for a node budget and emptied between deals by
// a generation stamp rather than by clearing.
//
// False verdicts. The set never forgets a key, so a search that exhausts its tree has seen every position
// reachable from the deal. Two different positions share a 64-bit key with probability about 2^-64 each; a
// search storing N positions meets such a clash with probability about N^2 / 2^65: 2.7e-8 for N = 1,000,000,
// 2.7e-6 for N = 10,000,000. A clash can only make the search skip a position it has not seen, so it can turn a
// winnable deal into a false `unsolvable` (or `unknown`), never a loss into a false win: every win is a line of
// moves replayed and checked by the game's own legality test (verify.ts).

/** Visited positions of one search, each with the allowance it was (or is being) searched with. */
export class PositionTable {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly allowance: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly mask: number;
  private generation = 1;
  /** Positions stored since the last clear(). */
  size = 0;

  /** A set for at least `capacity` positions, kept at most half full. */
  constructor(capacity: number) {
    let slots = 1024;
    while (slots < capacity * 2) slots *= 2;
    this.lo = new Int32Array(slots);
    this.hi = new Int32Array(slots);
    this.allowance = new Int32Array(slots);
    this.stamp = new Uint32Array(slots);
    this.mask = slots - 1;
  }

  /** Most positions the set holds before it refuses new ones. */
  get capacity(): number {
    return (this.mask + 1) >>> 1;
  }

  /** Forget every position (in constant time). */
  clear(): void {
    this.size = 0;
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  /**
   * Record that the position with this key is searched with `allowance`; false when it was already searched (or
   * is being searched, higher on the line) with at least as much, so need not be searched again.
   */
  visit(key: Int32Array, allowance: number): boolean {
    const a = key[0]!;
    const b = key[1]!;
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & this.mask;
    const g = this.generation;
    while (this.stamp[i] === g) {
      if (this.lo[i] === a && this.hi[i] === b) {
        if (this.allowance[i]! >= allowance) return false;
        this.allowance[i] = allowance;
        return true;
      }
      i = (i + 1) & this.mask;
    }
    this.stamp[i] = g;
    this.lo[i] = a;
    this.hi[i] = b;
    this.allowance[i] = allowance;
    this.size++;
    return true;
  }
}
