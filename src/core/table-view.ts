// The table as it is read: every pile of a game in one preallocated buffer, a few integer variables, and what
// is worked out from them (the position keys, the fingerprint, the card counts). Changes and undo: table.ts.

import { CARD_COUNT, NO_CARD, type Card } from './card.js';
import { PositionKeys } from './position-keys.js';

/** Piles of cards and integer variables, read-only; Table (table.ts) changes them with exact undo. */
export class TableView {
  /** Number of piles. */
  readonly pileCount: number;
  /** Capacity of every pile. */
  readonly cap: number;
  /** Pile p holds cards[p*cap .. p*cap+len[p]), bottom first. */
  readonly cards: Uint8Array;
  /** Number of cards in each pile. */
  readonly len: Uint8Array;
  /** The game's integer variables (phase, counters); Table changes them with set(). */
  readonly vars: Int32Array;
  /**
   * Names the contents of the watched piles: a fresh number whenever a move changes them, and undo() brings
   * back the number from before. A game caches what it derives from those piles under this number.
   */
  version = 0;
  /**
   * Bit k is set when the k-th watched pile (in the order watch() was given them; past 32 the bits repeat)
   * has changed, by a move or by undo(), since the game last set this to 0: a game re-derives only what lies
   * in those piles. clear() sets every bit.
   */
  touched = 0;
  /**
   * Re-keys the game's own random events (a shuffled re-deal, core/stock.ts redealShuffle) in a sampled position
   * (core/sample.ts): 0 in real play, so real play is keyed by the deck alone. Change it with setSalt().
   */
  salt = 0;
  protected readonly keys = new PositionKeys(); // hash() and key(), kept up to date once asked for
  private keyed: number; // the variables, from the first, that enter key()
  /** The low and high lanes of the last key() (two 32-bit halves of a 64-bit key). */
  readonly keyLanes = new Int32Array(2);
  /** A table of `pileCount` empty piles of capacity `cap` and `varCount` zeroed variables. */
  constructor(pileCount: number, varCount: number, cap = CARD_COUNT) {
    if (cap > 255) throw new RangeError('pile capacity above 255');
    this.pileCount = pileCount;
    this.cap = cap;
    this.cards = new Uint8Array(pileCount * cap);
    this.len = new Uint8Array(pileCount);
    this.vars = new Int32Array(varCount);
    this.keyed = varCount;
  }

  /** Cards in pile p. */
  size(p: number): number {
    return this.len[p]!;
  }

  /** Top card of pile p, or NO_CARD when it is empty. */
  top(p: number): Card {
    const n = this.len[p]!;
    return n === 0 ? NO_CARD : this.cards[p * this.cap + n - 1]!;
  }

  /** The card k places below the top of pile p (k = 0 is the top); NO_CARD past the bottom. */
  below(p: number, k: number): Card {
    const n = this.len[p]!;
    return k >= n ? NO_CARD : this.cards[p * this.cap + n - 1 - k]!;
  }

  /** The i-th card of pile p counted from the bottom (i = 0). */
  at(p: number, i: number): Card {
    return this.cards[p * this.cap + i]!;
  }

  /**
   * A 32-bit hash of the position (every card's place and every variable): equal positions hash equal; kept up
   * to date once asked for (a table never asked pays nothing for it).
   */
  hash(): number {
    return this.keys.hash(this.cards, this.cap, this.len, this.vars);
  }

  /**
   * A 64-bit key of the position that does not tell the two copies of a face apart (RULES.md 1.2): two tables
   * whose piles hold the same faces in the same order and whose variables are equal get the same key. It is
   * written into keyLanes (low, high). The first call works it out in full; from then on every change keeps it up
   * to date (until dropKey()). Each lane is an independent 32-bit Zobrist-style sum of per-place values, so two
   * different positions share a key with probability about 2^-64 (see solve/positions.ts for what that means for a
   * search).
   */
  key(): Int32Array {
    return this.keys.key(this.cards, this.cap, this.len, this.vars, this.keyedVariables, this.keyLanes);
  }

  /** How many of the variables, from the first, enter key() (all unless keyOnly() said fewer). */
  get keyedVariables(): number {
    return this.keyed;
  }

  /**
   * Let only the first `count` variables enter key(): the rest are counters that no rule reads (the game proves
   * it where it calls this), so positions that differ only in them have the same moves and the same futures.
   */
  keyOnly(count: number): void {
    if (!(count >= 0 && count <= this.vars.length))
      throw new RangeError(`keyOnly(${count}) of ${this.vars.length} variables`);
    this.keyed = count;
  }

  /** Whether key() is being kept up to date change by change (the next key() costs no work). */
  get keyKept(): boolean {
    return this.keys.keyKept;
  }

  /** Every pile's cards and every variable, as text: equal tables give equal fingerprints. */
  fingerprint(): string {
    const parts: string[] = [];
    for (let p = 0; p < this.pileCount; p++) {
      const base = p * this.cap;
      parts.push(Array.from(this.cards.subarray(base, base + this.len[p]!)).join(','));
    }
    return parts.join('|') + '#' + Array.from(this.vars).join(',') + (this.salt !== 0 ? `#salt ${this.salt}` : '');
  }

  /** How many times each card 0..103 lies on the table (all ones when no card is lost or doubled). */
  cardCounts(): Uint8Array {
    const counts = new Uint8Array(256);
    for (let p = 0; p < this.pileCount; p++) {
      const base = p * this.cap;
      for (let i = 0; i < this.len[p]!; i++) counts[this.cards[base + i]!]!++;
    }
    return counts.subarray(0, CARD_COUNT);
  }
}
