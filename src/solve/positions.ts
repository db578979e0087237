// The solver's table of visited positions: 64-bit copy-blind keys (Table.key), each with the allowance it was
// searched with, in a table of fixed size set by memory, not by the node budget. Keys fall into buckets of WAYS
// slots; a new key takes the bucket's first empty slot, or else evicts the entry that cost the least search
// (its subtree's positions) among those NOT on the current line. Emptied between deals by a generation stamp.
//
// Contract with the solver: visit() pins the entry of every position it lets the search enter, and the solver
// calls leave() when it backs up from that position; a pinned entry is never evicted (Solvitaire's rule). So
// every position on the current line is always in the table, and a move that comes back to one of them is
// always seen as a cycle. A search that ends in a win leaves its line pinned: clear() frees every slot.
//
// Eviction never makes a verdict false. A search that forgets a position may enter it again and search it
// again: more work, never a skipped position. A depth-first search with cycle detection on the current line is
// complete on the finite graph of a deal's positions whatever it remembers beside that line, so an exhausted
// pass still proves `unsolvable`; wins are lines of moves that verify.ts replays.
//
// False verdicts from key clashes: two different positions share a 64-bit key with probability about 2^-64
// each; a search storing N positions meets such a clash with probability about N^2 / 2^65 (2.7e-8 for
// N = 10^6, 2.7e-4 for N = 10^8 distinct positions held at once). A clash can only make the search skip a
// position it has not seen, so it can turn a winnable deal into a false `unsolvable` (or `unknown`), never a
// loss into a false win.

/** Slots per bucket. */
const WAYS = 8;
/** Bytes a slot takes: key halves, allowance, stamp and cost (4 bytes each), line count (1). */
export const SLOT_BYTES = 21;
/** The fewest slots a table has: enough that a line of thousands of positions never fills a bucket (visit()). */
export const MIN_SLOTS = 1 << 16;

/** Visited positions of one search, each with the allowance it was (or is being) searched with. */
export class PositionTable {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly allowance: Int32Array;
  private readonly stamp: Uint32Array;
  /** While pinned, the node count at entry; once left, the positions its search reached (mod 2^32). */
  private readonly cost: Uint32Array;
  /** How many times the position is on the current line (0: free to evict). */
  private readonly line: Uint8Array;
  private readonly mask: number;
  private generation = 1;
  /** Positions stored since the last clear(). */
  size = 0;
  /** Entries evicted since the last clear(). */
  evicted = 0;

  /** A table of `slots` slots (a power of two, at least MIN_SLOTS). */
  constructor(slots: number) {
    if (slots < MIN_SLOTS || (slots & (slots - 1)) !== 0)
      throw new RangeError(`a position table needs a power of two of at least ${MIN_SLOTS} slots, not ${slots}`);
    this.lo = new Int32Array(slots);
    this.hi = new Int32Array(slots);
    this.allowance = new Int32Array(slots);
    this.stamp = new Uint32Array(slots);
    this.cost = new Uint32Array(slots);
    this.line = new Uint8Array(slots);
    this.mask = slots - 1;
  }

  /** The slots a search of at most `budget` positions can use, within `bytes` of memory. */
  static slotsFor(budget: number, bytes: number): number {
    let wanted = MIN_SLOTS;
    while (wanted < budget * 2 && wanted < 2 ** 30) wanted *= 2;
    let room = MIN_SLOTS;
    while (room * 2 * SLOT_BYTES <= bytes && room < 2 ** 30) room *= 2;
    return Math.min(wanted, room);
  }

  /** Forget every position (in constant time). */
  clear(): void {
    this.size = 0;
    this.evicted = 0;
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.line.fill(0);
      this.generation = 1;
    }
  }

  /**
   * The position with this key is to be searched with `allowance`, `nodes` positions having been reached so far:
   * its slot, now pinned on the current line, or -1 when it was already searched (or is being searched, higher on
   * the line) with at least as much, and need not be searched again.
   */
  visit(key: Int32Array, allowance: number, nodes: number): number {
    const a = key[0]!;
    const b = key[1]!;
    const first = (a ^ Math.imul(b, 0x9e3779b1)) & this.mask & ~(WAYS - 1);
    const g = this.generation;
    let i = first;
    for (; i < first + WAYS; i++) {
      // Slots of a bucket fill in order and are never emptied, only overwritten: the first empty one ends the search.
      if (this.stamp[i] !== g) break;
      if (this.lo[i] === a && this.hi[i] === b) {
        if (this.allowance[i]! >= allowance) return -1;
        this.allowance[i] = allowance;
        if (this.line[i]!++ === 0) this.cost[i] = nodes;
        return i;
      }
    }
    if (i === first + WAYS) {
      // A full bucket: the entry off the current line whose search cost least gives way.
      let victim = -1;
      let least = 0;
      for (let j = first; j < first + WAYS; j++) {
        if (this.line[j] === 0 && (victim === -1 || this.cost[j]! < least)) {
          victim = j;
          least = this.cost[j]!;
        }
      }
      // Every slot of the bucket is pinned only if WAYS + 1 positions of the current line share a bucket: with
      // at least MIN_SLOTS / WAYS buckets and lines of a few thousand positions, about never; fail loudly then.
      if (victim === -1)
        throw new Error('the position table is too small for the current line; give the solver more memory');
      i = victim;
      this.evicted++;
    } else {
      this.stamp[i] = g;
      this.size++;
    }
    this.lo[i] = a;
    this.hi[i] = b;
    this.allowance[i] = allowance;
    this.line[i] = 1;
    this.cost[i] = nodes;
    return i;
  }

  /** The search backs up from the position in `slot` (from visit()), `nodes` positions having been reached. */
  leave(slot: number, nodes: number): void {
    if (--this.line[slot]! === 0) this.cost[slot] = (nodes - this.cost[slot]!) >>> 0;
  }
}
