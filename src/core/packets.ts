// Packets: layout piles of which only the top card is available (RULES.md 1.1); the marriages onto their
// tops (a game names what each top takes: same suit -1, same suit +1, nothing when the top is dead), kept for
// every face by PacketTops and worked out again only when the table's version changes; and the re-deal that
// gathers packets, in an order the game states, into a new stock without shuffling (RULES.md 14.1), or
// shuffled where an option asks for it.

import { faceOf, rankOf, type Card } from './card.js';
import type { Move } from './move.js';
import type { Rng } from './random.js';
import { shufflePile } from './stock.js';
import type { Table } from './table.js';

/** The face a top takes in a same-suit descending marriage (the card one lower), or -1 for an ace. */
export function takesDown(top: Card): number {
  return rankOf(top) > 1 ? faceOf(top) - 1 : -1;
}

/** The face a top takes in a same-suit ascending marriage (the card one higher), or -1 for a king. */
export function takesUp(top: Card): number {
  return rankOf(top) < 13 ? faceOf(top) + 1 : -1;
}

/** Which packet tops take which face; the game must watch the packets' piles (Table.watch) for the cache to hold. */
export class PacketTops {
  /** Bit i of takers[f] is set when packet i's top takes face f (index 52, no card, is always 0). */
  readonly takers = new Uint32Array(53);
  /** Bit i is set when packet i holds cards. */
  filled = 0;
  private scanned = -1;

  /**
   * Packets are piles first .. first+count-1 (count <= 32); takes(top, i) is the face packet i's top takes, or
   * -1 when it takes nothing.
   */
  constructor(
    readonly first: number,
    readonly count: number,
    private readonly takes: (top: Card, i: number) => number,
  ) {}

  /** Bring takers and filled up to date with the table (rescanned only when t.version has changed). */
  update(t: Table): void {
    if (t.version === this.scanned) return;
    this.takers.fill(0);
    let filled = 0;
    for (let i = 0; i < this.count; i++) {
      const top = t.top(this.first + i);
      if (t.size(this.first + i) === 0) continue;
      filled |= 1 << i;
      const f = this.takes(top, i);
      if (f >= 0) this.takers[f]! |= 1 << i;
    }
    this.filled = filled;
    this.scanned = t.version;
  }

  /** The packets (bit mask) whose tops take card c (update first). */
  onto(c: Card): number {
    return this.takers[faceOf(c)]!;
  }

  /** Write `move` (made with destination pile 0) once for each packet in `mask`, its destination that packet; returns
   * the new n. */
  addMoves(out: Int32Array, n: number, mask: number, move: Move): number {
    while (mask !== 0) {
      const i = 31 - Math.clz32(mask & -mask);
      mask &= mask - 1;
      out[n++] = move | ((this.first + i) << 8);
    }
    return n;
  }
}

/** The gathering of packets into a new stock, with its scratch buffer for a shuffled gather. */
export class PacketGather {
  private readonly order = new Uint8Array(256);

  /** Gather into pile `stock` (which should be empty). */
  constructor(readonly stock: number) {}

  /**
   * Take up the piles in the order given, each from its bottom card to its top, as the new stock: the bottom
   * card of piles[0] is dealt first and the top card of the last pile last. With a generator the stock is then
   * shuffled. Journaled like any move, so undo() restores every packet.
   */
  gather(t: Table, piles: readonly number[], shuffle?: Rng): void {
    for (let i = piles.length - 1; i >= 0; i--) {
      const p = piles[i]!;
      while (t.size(p) > 0) t.move(p, this.stock);
    }
    if (shuffle) shufflePile(t, this.stock, shuffle, this.order);
  }
}

/**
 * Write every card of packet p into the visibleCards buffers from index n, each with how many cards lie on it
 * (0 for the top); returns the new n.
 */
export function packetCards(
  t: Table,
  p: number,
  cards: Uint8Array,
  depths: Uint8Array,
  piles: Uint8Array,
  n: number,
): number {
  const size = t.size(p);
  for (let k = 0; k < size; k++) {
    cards[n] = t.below(p, k);
    depths[n] = k;
    piles[n++] = p;
  }
  return n;
}
