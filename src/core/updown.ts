// Foundations in up-and-down pairs (RULES.md 1.2, 14.3): for each suit one pile built up from the ace to the king
// and one built down from the king to the ace, each started by the first ace (or king) played to it, with the
// optional exchange of a top card onto the other pile of its suit.

import { NO_CARD, rankOf, suitOf, type Card } from './card.js';
import type { Table } from './table.js';

/** Cards on a complete pile: a whole suit of one pack. */
export const SUIT_LENGTH = 13;

/** The four up piles (suit s at up + s) and four down piles (down + s) of a game's table. */
export class UpDownFoundations {
  /** Name the first up pile and the first down pile; each suit's pile follows at + suit (S H D C). */
  constructor(
    readonly up: number,
    readonly down: number,
  ) {}

  /** The rank pile p of suit s takes next: an empty up pile an ace, an empty down pile a king; 0 when complete. */
  wants(t: Table, p: number): number {
    const n = t.size(p);
    if (n === SUIT_LENGTH) return 0;
    return p >= this.up && p < this.up + 4 ? n + 1 : SUIT_LENGTH - n;
  }

  /** Whether foundation p (an up or down pile) takes card c now: its suit, the next rank. */
  takes(t: Table, p: number, c: Card): boolean {
    const s = suitOf(c);
    return (p === this.up + s || p === this.down + s) && this.wants(t, p) === rankOf(c);
  }

  /** The pile card c fits now, the up pile first; -1 if neither. */
  target(t: Table, c: Card): number {
    const s = suitOf(c);
    const r = rankOf(c);
    if (this.wants(t, this.up + s) === r) return this.up + s;
    return this.wants(t, this.down + s) === r ? this.down + s : -1;
  }

  /** The other pile of pile p's suit. */
  partner(p: number): number {
    return p >= this.up && p < this.up + 4 ? this.down + (p - this.up) : this.up + (p - this.down);
  }

  /** Whether the exchange from pile p onto its partner is possible: p's top card fits the partner now. */
  canExchange(t: Table, p: number): boolean {
    const c = t.top(p);
    return c !== NO_CARD && this.wants(t, this.partner(p)) === rankOf(c);
  }

  /** Cards that must be played before c fits either pile of its suit: 0 fits now, 255 never (both passed it). */
  need(t: Table, c: Card): number {
    const s = suitOf(c);
    const r = rankOf(c);
    const upNext = this.wants(t, this.up + s); // 0 when complete
    const downNext = this.wants(t, this.down + s);
    const viaUp = upNext !== 0 && r >= upNext ? r - upNext : 255;
    const viaDown = downNext !== 0 && r <= downNext ? downNext - r : 255;
    return Math.min(viaUp, viaDown);
  }

  /** Cards on all eight piles. */
  count(t: Table): number {
    let n = 0;
    for (let s = 0; s < 4; s++) n += t.size(this.up + s) + t.size(this.down + s);
    return n;
  }

  /** True when all eight piles are complete. */
  complete(t: Table): boolean {
    return this.count(t) === 8 * SUIT_LENGTH;
  }
}
