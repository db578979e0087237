// What greedy does from a position, remembered for the lookahead's play-outs: greedy's move there and, once a
// play-out has reached its natural end from it, how many moves on that end is and the cards on the foundations
// there.
//
// Greedy's choice depends on the position alone (where each face lies and the table's variables), so its play-out
// from a position is always the same line. The lookahead meets the same positions again and again: sibling lines
// that differ in the order of two moves, play-outs that join another's line after a move or two, and the next
// decision's search running over this one's play-outs. Reading greedy's move here skips the move generation and
// the scoring; reading the end skips the line. Positions are told apart by the table's 64-bit copy-blind key (a
// 32-bit hash would confuse two of the tens of thousands of positions a deal remembers every few deals). Two
// positions with the same key differ at most in which copy of a face lies where. Greedy reads faces only; where a
// game tells the copies apart (The Carpet's bases, Sympathie's packs, the shuffled re-deals keyed by the deck),
// that is fixed by the deal, and the memo is cleared at every deal. Whole deals are tested alike with and without
// the memo in every game (players.test.ts), and bench:moves checks every move list against the build before.

import { homeSlot } from './play-out-ends.js';

/** Slots in the table; it forgets everything when half full. */
const SIZE = 1 << 16;

/** A play-out from the position not yet followed to its natural end (endAfter's answer). */
export const NO_END = -1;

/** Greedy's move and the play-out's end for positions met in one deal, by copy-blind key (open addressing). */
export class PlayOutMemo {
  private readonly lo = new Int32Array(SIZE); // the key's two lanes
  private readonly hi = new Int32Array(SIZE);
  private readonly moves = new Int32Array(SIZE);
  private readonly ends = new Int32Array(SIZE); // moves from the position to the play-out's natural end, or NO_END
  private readonly values = new Int32Array(SIZE); // cards on the foundations at that end
  private readonly used = new Uint8Array(SIZE);
  private count = 0;

  /** Forget every position. */
  clear(): void {
    this.used.fill(0);
    this.count = 0;
  }

  /** The slot of the position with key (lo, hi), or -1 if it is not remembered. */
  find(lo: number, hi: number): number {
    let i = homeSlot(lo, hi, SIZE - 1);
    while (this.used[i]) {
      if (this.lo[i] === lo && this.hi[i] === hi) return i;
      i = (i + 1) & (SIZE - 1);
    }
    return -1;
  }

  /** Remember greedy's move m (or STOP) at the position with key (lo, hi), which is not remembered yet. */
  remember(lo: number, hi: number, m: number): void {
    if (this.count >= SIZE / 2) this.clear();
    let i = homeSlot(lo, hi, SIZE - 1);
    while (this.used[i]) i = (i + 1) & (SIZE - 1);
    this.used[i] = 1;
    this.lo[i] = lo;
    this.hi[i] = hi;
    this.moves[i] = m;
    this.ends[i] = NO_END;
    this.count++;
  }

  /** Greedy's move (or STOP) at the position in slot i. */
  moveAt(i: number): number {
    return this.moves[i]!;
  }

  /** Moves from the position in slot i to its play-out's natural end, or NO_END if not known. */
  endAfter(i: number): number {
    return this.ends[i]!;
  }

  /** Cards on the foundations at the natural end of the play-out from the position in slot i (once endAfter is known).
   * */
  valueAt(i: number): number {
    return this.values[i]!;
  }

  /** The play-out from the position with key (lo, hi), if remembered, ends naturally `steps` moves on with `value`
   * cards up. */
  setEnd(lo: number, hi: number, steps: number, value: number): void {
    const i = this.find(lo, hi);
    if (i < 0) return; // forgotten since (the table was cleared)
    this.ends[i] = steps;
    this.values[i] = value;
  }
}
