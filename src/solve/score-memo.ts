// The nested search's memo of one level: the score reached from a position, by a 53-bit key given as two parts.
// Open addressing over typed arrays, as a Map<number, number> of the 53-bit number would behave (the same keys
// found, the same size), in 12 bytes a slot and without a heap number per key.

import { mix } from '../core/position-keys.js';

/** The fewest slots: what a memo takes before its first scores, and again after clear(). */
const FEWEST_SLOTS = 1 << 10;
/** No score: slots whose score is this are free (scores remembered are 0 or more). */
const FREE = -1;

/** Scores (0 or more) by key; it grows as they come, at most half full (the caller clears it when it holds enough). */
export class ScoreMemo {
  private high = new Int32Array(FEWEST_SLOTS); // the key's top 21 bits
  private low = new Int32Array(FEWEST_SLOTS); // the key's low 32 bits
  private scores = new Int32Array(FEWEST_SLOTS).fill(FREE);
  private mask = FEWEST_SLOTS - 1;
  /** Scores held. */
  size = 0;

  /** The score remembered under key (high, low), or -1. `high` is below 2^21. */
  get(high: number, low: number): number {
    const scores = this.scores;
    for (let i = slotOf(high, low) & this.mask; ; i = (i + 1) & this.mask) {
      const s = scores[i]!;
      if (s === FREE) return FREE;
      if (this.low[i] === (low | 0) && this.high[i] === high) return s;
    }
  }

  /** Remember `score` (0 or more) under key (high, low), replacing the one there. */
  set(high: number, low: number, score: number): void {
    if (2 * (this.size + 1) > this.scores.length) this.grow();
    const scores = this.scores;
    for (let i = slotOf(high, low) & this.mask; ; i = (i + 1) & this.mask) {
      if (scores[i] === FREE) {
        this.high[i] = high;
        this.low[i] = low;
        scores[i] = score;
        this.size++;
        return;
      }
      if (this.low[i] === (low | 0) && this.high[i] === high) {
        scores[i] = score;
        return;
      }
    }
  }

  /** Forget every score, and the room they took. */
  clear(): void {
    if (this.scores.length > FEWEST_SLOTS) this.allot(FEWEST_SLOTS);
    else this.scores.fill(FREE);
    this.size = 0;
  }

  /** Twice the slots, every score moved to its slot there. */
  private grow(): void {
    const { high, low, scores } = this;
    this.allot(2 * scores.length);
    for (let j = 0; j < scores.length; j++) {
      if (scores[j] === FREE) continue;
      let i = slotOf(high[j]!, low[j]!) & this.mask;
      while (this.scores[i] !== FREE) i = (i + 1) & this.mask;
      this.high[i] = high[j]!;
      this.low[i] = low[j]!;
      this.scores[i] = scores[j]!;
    }
  }

  private allot(slots: number): void {
    this.high = new Int32Array(slots);
    this.low = new Int32Array(slots);
    this.scores = new Int32Array(slots).fill(FREE);
    this.mask = slots - 1;
  }
}

/** A key's home slot, before the mask: its two parts mixed. */
function slotOf(high: number, low: number): number {
  return mix(low ^ Math.imul(high, 0x9e3779b1)) >>> 0;
}
