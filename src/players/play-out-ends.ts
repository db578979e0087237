// Where play-outs end, by position, for the rollout player (play-on.ts, RememberingPlayOn): for each position met
// in the first moves of a rollout that went on to its natural end, how many moves on that end was, the value there,
// and how the rollout's stall watch stood when it met the position. Kept for one sample of the unseen cards and
// then forgotten at once (a new generation), so it is small and cleared thousands of times a deal. Positions are
// told apart by the table's 64-bit copy-blind key (Table.key), as in the lookahead's play-out-memo.ts, which says
// why that is safe for greedy while what tells the copies apart stays fixed: there the deal fixes it, here the
// sample (which copy of a face lies where among the unseen cards, and Table.salt, which keys the shuffled re-deals
// and is not part of the key). Values are kept as 32-bit integers.

/** Greedy's play-outs' ends by position, for one sample (open addressing, cleared by generation). */
export class PlayOutEnds {
  private readonly mask: number;
  private readonly lo: Int32Array; // the key's two lanes
  private readonly hi: Int32Array;
  private readonly steps: Int32Array; // moves from the position to the play-out's natural end
  private readonly values: Int32Array; // the value there
  private readonly looks: Int32Array; // the stall watch at the position (play-on.ts): wait and phase
  private readonly marks: Float64Array; // and the progress mark it compared with
  private readonly used: Uint8Array; // the generation a slot was filled in: slots of other generations are empty
  private generation = 1;
  private count = 0;

  /** An empty table of `size` slots (a power of two, at least 2); it forgets everything when half full. */
  constructor(size: number) {
    this.mask = size - 1;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.steps = new Int32Array(size);
    this.values = new Int32Array(size);
    this.looks = new Int32Array(size);
    this.marks = new Float64Array(size);
    this.used = new Uint8Array(size);
  }

  /** Forget every position: at once, by a new generation; the slots are wiped once every 255 generations. */
  clear(): void {
    if (++this.generation === 256) {
      this.used.fill(0);
      this.generation = 1;
    }
    this.count = 0;
  }

  /** The slot of the position with key (lo, hi), or -1 if no end is known from it. */
  find(lo: number, hi: number): number {
    const mask = this.mask;
    let i = homeSlot(lo, hi, mask);
    while (this.used[i] === this.generation) {
      if (this.lo[i] === lo && this.hi[i] === hi) return i;
      i = (i + 1) & mask;
    }
    return -1;
  }

  /**
   * The play-out from the position with key (lo, hi) ends naturally `steps` moves on with `value`, and when it met
   * the position its stall watch stood at (look, mark).
   */
  learn(lo: number, hi: number, steps: number, value: number, look: number, mark: number): void {
    // One probe finds the position, or the empty slot it goes in.
    const mask = this.mask;
    let i = homeSlot(lo, hi, mask);
    while (this.used[i] === this.generation && (this.lo[i] !== lo || this.hi[i] !== hi)) i = (i + 1) & mask;
    if (this.used[i] !== this.generation) {
      if (this.count > mask >>> 1) {
        this.clear();
        i = homeSlot(lo, hi, mask);
      }
      this.used[i] = this.generation;
      this.lo[i] = lo;
      this.hi[i] = hi;
      this.count++;
    }
    this.steps[i] = steps;
    this.values[i] = value;
    this.looks[i] = look;
    this.marks[i] = mark;
  }

  /** Moves from the position in slot i to its play-out's natural end. */
  stepsAt(i: number): number {
    return this.steps[i]!;
  }

  /** The value at that end. */
  valueAt(i: number): number {
    return this.values[i]!;
  }

  /** The stall watch's look (wait and phase) when the position in slot i was met. */
  lookAt(i: number): number {
    return this.looks[i]!;
  }

  /** The progress mark the stall watch compared with there. */
  markAt(i: number): number {
    return this.marks[i]!;
  }
}

/**
 * The first slot a position with copy-blind key (lo, hi) is looked for in, in an open-addressed table of mask + 1
 * slots (mask one less than a power of two): here and in the lookahead's PlayOutMemo. Under the 27 bytes of
 * bytecode that V8 inlines without counting them against its budget.
 */
export function homeSlot(lo: number, hi: number, mask: number): number {
  return (lo ^ (hi >>> 7)) & mask;
}
