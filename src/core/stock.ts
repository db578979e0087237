// The stock turned one card at a time, with its current card and talon (RULES.md 1.1 conventions), and the
// re-deal of the talon (RULES.md 14.1): turned over as it lies, or shuffled.

import type { Deck } from './deck.js';
import { seededRng, shuffleInPlace, type Rng } from './random.js';
import type { Table } from './table.js';

/**
 * The stock, current-card and talon piles of a game that turns its stock one card at a time: one talon, only its
 * top available (S16); an unused current card goes to the talon at the next turn (F11), or at a re-deal, which
 * lays a still-held current card on the talon first (U7) and turns the talon over, unshuffled unless asked (Z1).
 */
export class TurnedStock {
  private readonly order = new Uint8Array(256); // scratch for a shuffled re-deal

  /** Name the three piles. */
  constructor(
    readonly stock: number,
    readonly current: number,
    readonly talon: number,
  ) {}

  /** The pile "the stock top" means: the current card if one is held, else the stock; -1 when both are empty. */
  stockTop(t: Table): number {
    if (t.size(this.current) > 0) return this.current;
    return t.size(this.stock) > 0 ? this.stock : -1;
  }

  /** True while the stock or a held current card remains. */
  hasStockTop(t: Table): boolean {
    return t.size(this.current) > 0 || t.size(this.stock) > 0;
  }

  /** Lay the current card, if held, on the talon, then turn the next stock card, if any, as the current card. */
  turn(t: Table): void {
    if (t.size(this.current) > 0) t.move(this.current, this.talon);
    if (t.size(this.stock) > 0) t.move(this.stock, this.current);
  }

  /**
   * Write the held current card (depth 0) and the talon's cards, top first, into the visibleCards buffers from
   * index 0; a held current card goes onto the talon at the next turn, so the talon's cards count one deeper.
   * Returns how many it wrote.
   */
  visibleCards(t: Table, cards: Uint8Array, depths: Uint8Array, piles: Uint8Array): number {
    let n = 0;
    const held = t.size(this.current);
    if (held > 0) {
      cards[n] = t.top(this.current);
      depths[n] = 0;
      piles[n++] = this.current;
    }
    for (let k = 0; k < t.size(this.talon); k++) {
      cards[n] = t.below(this.talon, k);
      depths[n] = k + held;
      piles[n++] = this.talon;
    }
    return n;
  }

  /** Put cards into the stock so that cards[0] is turned first (journal-free, for laying out a deal). */
  load(t: Table, cards: ArrayLike<number>): void {
    for (let i = cards.length - 1; i >= 0; i--) t.put(this.stock, cards[i]!);
  }

  /**
   * Re-deal: a held current card goes to the talon, then the talon is taken up as the new stock. Without a
   * generator it is turned over as it lies, so the card laid first is turned first (the texts' "turned over");
   * with one it is shuffled. Journaled like any move, so undo() restores the talon exactly.
   */
  redeal(t: Table, shuffle?: Rng): void {
    if (t.size(this.current) > 0) t.move(this.current, this.talon);
    while (t.size(this.talon) > 0) t.move(this.talon, this.stock);
    if (shuffle) shufflePile(t, this.stock, shuffle, this.order);
  }
}

/** Shuffle pile p in place with the generator (journaled), using `order` (at least the pile's size) as scratch. */
export function shufflePile(t: Table, p: number, shuffle: Rng, order: Uint8Array): void {
  const n = t.size(p);
  for (let i = 0; i < n; i++) order[i] = t.at(p, i);
  shuffleInPlace(shuffle, order, n);
  t.reorder(p, order);
}

/**
 * The generator for the k-th shuffled re-deal of the deal laid out from `deck`: keyed by the deck and k, so a
 * game replays the same from its deck string alone, and the same move applied twice shuffles the same way.
 * A non-zero `salt` (Table.salt, set in a sampled position by core/sample.ts) keys it by the salt and k alone:
 * a player's sample then re-deals neither the real deal's way nor in any way that depends on the real deck's
 * unseen cards. Real play has salt 0 and is keyed as before.
 */
export function redealShuffle(deck: Deck, k: number, salt = 0): Rng {
  if (salt !== 0) return seededRng(`redeal:salt ${salt}:${k}`);
  let h1 = 0x811c9dc5;
  let h2 = 0x9e3779b9 ^ k;
  for (let i = 0; i < deck.length; i++) {
    h1 = Math.imul(h1 ^ deck[i]!, 0x01000193);
    h2 = Math.imul(h2 ^ (deck[i]! + i), 0x85ebca6b) ^ (h2 >>> 13);
  }
  return seededRng(`redeal:${h1 >>> 0}:${h2 >>> 0}:${k}`);
}
