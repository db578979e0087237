// Packets: layout piles of which only the top card is available (RULES.md 1.1), and the re-deal that gathers
// them, in an order the game states, into a new stock without shuffling (RULES.md 14.1), or shuffled where an
// option asks for it.

import { shuffleInPlace, type Rng } from './random.js';
import type { Table } from './table.js';

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
    if (!shuffle) return;
    const n = t.size(this.stock);
    for (let i = 0; i < n; i++) this.order[i] = t.at(this.stock, i);
    shuffleInPlace(shuffle, this.order, n);
    t.reorder(this.stock, this.order);
  }
}

/**
 * Write every card of packet p into the visibleCards buffers from index n, each with how many cards lie on it
 * (0 for the top); returns the new n.
 */
export function packetCards(t: Table, p: number, cards: Uint8Array, depths: Uint8Array, piles: Uint8Array, n: number): number {
  const size = t.size(p);
  for (let k = 0; k < size; k++) {
    cards[n] = t.below(p, k);
    depths[n] = k;
    piles[n++] = p;
  }
  return n;
}
