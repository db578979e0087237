// A table's position keys, kept up to date change by change once first asked for, until dropped (a table never
// asked pays only a flag test per change): a 32-bit hash of which card lies where (players' position sets) and a
// 64-bit key that does not tell the two copies of a face apart (the solver's transposition table). Both are XOR
// sums of one value per (card, pile, index), so a change toggles the values of the places it empties and fills.

import { faceOf } from './card.js';

/** The hash and the copy-blind key of one table; Table calls toggle() for every place a change empties or fills. */
export class PositionKeys {
  /** hashing || keying: some key is being kept. */
  on = false;
  private hashing = false;
  private keying = false;
  private h = 0;
  private k1 = 0; // the two 32-bit lanes of the copy-blind key
  private k2 = 0;

  /** Card c comes to, or leaves, index i of pile p. */
  toggle(c: number, p: number, i: number): void {
    if (this.hashing) this.h ^= place(c, p, i);
    if (this.keying) this.keyToggle(c, p, i);
  }

  /**
   * Card c goes from index i of pile `from` to index j of pile `to`: toggle() twice in one call, kept small so that
   * Table.move, which every game calls, stays small enough for V8 to inline into the games' moves.
   */
  moved(c: number, from: number, i: number, to: number, j: number): void {
    if (this.hashing) this.h ^= place(c, from, i) ^ place(c, to, j);
    if (this.keying) {
      this.keyToggle(c, from, i);
      this.keyToggle(c, to, j);
    }
  }

  /** The copy-blind key's half of toggle() (the solver's; players use the hash alone). */
  private keyToggle(c: number, p: number, i: number): void {
    const x = keyPlace(c, p, i);
    this.k1 ^= lane1(x);
    this.k2 ^= lane2(x);
  }

  /** Every card of pile p (cards[base .. base + n)) comes or goes. */
  togglePile(cards: Uint8Array, base: number, n: number, p: number): void {
    // toggle() per card, with the flags tested once and the sums kept in locals (a pile moved under another,
    // as Les Petits Paquets' chains do, is toggled whole twice).
    if (this.hashing) {
      let h = this.h;
      for (let i = 0; i < n; i++) h ^= place(cards[base + i]!, p, i);
      this.h = h;
    }
    if (this.keying) {
      let a = this.k1;
      let b = this.k2;
      for (let i = 0; i < n; i++) {
        const x = keyPlace(cards[base + i]!, p, i);
        a ^= lane1(x);
        b ^= lane2(x);
      }
      this.k1 = a;
      this.k2 = b;
    }
  }

  /**
   * The cards at indices first..first+count-1 of pile p (cards[base + i] at index i) each move by `delta` places
   * (a card put under a pile or taken from under it): one pass instead of the whole pile out and back in.
   */
  shiftPile(cards: Uint8Array, base: number, first: number, count: number, p: number, delta: number): void {
    const end = first + count;
    if (this.hashing) {
      let h = this.h;
      for (let i = first; i < end; i++) {
        const c = cards[base + i]!;
        h ^= place(c, p, i) ^ place(c, p, i + delta);
      }
      this.h = h;
    }
    if (this.keying) {
      let a = this.k1;
      let b = this.k2;
      for (let i = first; i < end; i++) {
        const c = cards[base + i]!;
        const from = keyPlace(c, p, i);
        const to = keyPlace(c, p, i + delta);
        a ^= lane1(from) ^ lane1(to);
        b ^= lane2(from) ^ lane2(to);
      }
      this.k1 = a;
      this.k2 = b;
    }
  }

  /** The table was emptied (a deal starts). */
  clear(): void {
    this.h = 0;
    this.k1 = 0;
    this.k2 = 0;
  }

  /**
   * The 32-bit hash of the position (every card's place and every variable); the first call works it out from
   * the piles (cards, cap, len as Table holds them).
   */
  hash(cards: Uint8Array, cap: number, len: Uint8Array, vars: Int32Array): number {
    if (!this.hashing) {
      this.h = 0;
      for (let p = 0; p < len.length; p++) for (let i = 0; i < len[p]!; i++) this.h ^= place(cards[p * cap + i]!, p, i);
      this.hashing = true;
      this.on = true;
    }
    let h = this.h;
    for (let v = 0; v < vars.length; v++) h ^= mix(vars[v]! * 0x9e3779b1 + v);
    return h;
  }

  /** Whether the copy-blind key is being kept. */
  get keyKept(): boolean {
    return this.keying;
  }

  /**
   * Stop keeping the copy-blind key: changes cost nothing for it, and the next key() works it out afresh. Returns
   * whether it was being kept; if so, its lanes are written into `lanes` (for resumeKey).
   */
  dropKey(lanes: Int32Array): boolean {
    if (!this.keying) return false;
    lanes[0] = this.k1;
    lanes[1] = this.k2;
    this.keying = false;
    this.on = this.hashing;
    return true;
  }

  /**
   * Keep the copy-blind key again from lanes (k1, k2), dropKey's for the position the table is back at; a key
   * worked out afresh since is already right and is kept.
   */
  resumeKey(k1: number, k2: number): void {
    if (this.keying) return;
    this.k1 = k1;
    this.k2 = k2;
    this.keying = true;
    this.on = true;
  }

  /**
   * The copy-blind 64-bit key of the piles and the first `keyed` variables, written into lanes (low, high); the
   * first call, and the first after dropKey(), works it out from the piles.
   */
  key(cards: Uint8Array, cap: number, len: Uint8Array, vars: Int32Array, keyed: number, lanes: Int32Array): Int32Array {
    if (!this.keying) {
      this.k1 = 0;
      this.k2 = 0;
      const hashing = this.hashing;
      this.hashing = false; // toggle the key's lanes only
      this.keying = true;
      for (let p = 0; p < len.length; p++) this.togglePile(cards, p * cap, len[p]!, p);
      this.hashing = hashing;
      this.on = true;
    }
    let a = this.k1;
    let b = this.k2;
    for (let v = 0; v < keyed; v++) {
      const x = vars[v]!;
      a ^= mix((Math.imul(x, 0x9e3779b1) + Math.imul(v + 1, 0x7f4a7c15)) | 0);
      b ^= mix2((Math.imul(x, 0x85ebca77) + Math.imul(v + 1, 0x27d4eb2f)) | 0);
    }
    lanes[0] = a;
    lanes[1] = b;
    return lanes;
  }
}

/** The copy-blind key's word for card c at index i of pile p: the card's face, not which copy it is. */
function keyPlace(c: number, p: number, i: number): number {
  return faceOf(c) | (p << 8) | (i << 16);
}

/** The key's low lane's value for a place word. */
function lane1(x: number): number {
  return mix(x ^ 0x2545f491);
}

/** The key's high lane's value for a place word, independent of lane1's. */
function lane2(x: number): number {
  return mix2(x ^ 0x6c8e9cf5);
}

/** Hash contribution of card c lying at index i of pile p. */
function place(c: number, p: number, i: number): number {
  return mix((c | (p << 8) | (i << 16)) ^ 0x5bd1e995);
}

/** A 32-bit integer mixer (murmur3's finaliser). */
export function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** A second 32-bit mixer, independent of mix (the finaliser of xxHash32 with other constants). */
function mix2(x: number): number {
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  x = Math.imul(x ^ (x >>> 12), 0x297a2d39);
  return x ^ (x >>> 15);
}
