// The Fish-Bone's spine, its own kind of foundations (the rules card is in index.ts): the knaves in the order
// placed, each built down by suit to the ace, each with a king slot and a queen slot of its suit (F2-F4, F7,
// F10, F12). Where a king or queen goes is worked out here once, for the placements, the need and uncovers.

import { NO_CARD, rankOf, suitOf, type Card } from '../../core/card.js';
import type { Foundations } from '../../core/foundations.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const KING = LAYOUT.first.king;
const KNAVE = LAYOUT.first.knave;
const KNAVES = LAYOUT.count.knave;
const QUEEN = LAYOUT.first.queen;
const SPINE_END = LAYOUT.end.queen;

/** True for a king or a queen. */
export function isCourt(c: Card): boolean {
  return c !== NO_CARD && rankOf(c) >= 12;
}

/** True for a knave. */
export function isKnave(c: Card): boolean {
  return c !== NO_CARD && rankOf(c) === 11;
}

/** The spine: knave piles KNAVE.., king slots KING.., queen slots QUEEN.. (layout.ts). */
export class Spine implements Foundations {
  private readonly slotsLeft = new Uint8Array(8); // scratch for underCourts(): free slots by suit, kings then queens

  /** F12: every card in the spine, knaves, kings and queens included. */
  count(t: Table): number {
    const len = t.len;
    let n = 0;
    for (let p = KNAVE; p < SPINE_END; p++) n += len[p]!;
    return n;
  }

  /** F12: all 104 cards in the spine. */
  complete(t: Table): boolean {
    return this.count(t) === 104;
  }

  need(t: Table, c: Card): number {
    const r = rankOf(c);
    if (r === 11) return 0; // F7: placed at once
    if (r >= 12) return this.freeSlot(t, c) >= 0 ? 0 : 1; // F2: a free slot, or a knave of its suit to come
    const s = suitOf(c);
    let placed = 0;
    let best = 255;
    for (let k = KNAVE; k < KNAVE + KNAVES && t.size(k) > 0; k++) {
      if (suitOf(t.at(k, 0)) !== s) continue;
      placed++;
      const gap = rankOf(t.top(k)) - 1 - r;
      if (gap >= 0 && gap < best) best = gap;
    }
    if (placed < 2 && 11 - r < best) best = 11 - r; // a knave still to come, then the knave down to r+1
    return best;
  }

  /** The knave pile the next knave goes to: the first empty one (placement order, F4). */
  nextKnavePile(t: Table): number {
    const len = t.len;
    let k = KNAVE;
    while (len[k]! > 0) k++;
    return k;
  }

  /** The free slot for king or queen c beside the first-placed knave of its suit that has one; -1 if none (F2, F10). */
  freeSlot(t: Table, c: Card): number {
    const s = suitOf(c);
    const base = rankOf(c) === 13 ? KING : QUEEN;
    for (let k = KNAVE; k < KNAVE + KNAVES && t.len[k]! > 0; k++) {
      if (suitOf(t.at(k, 0)) === s && t.len[base + k] === 0) return base + k;
    }
    return -1;
  }

  /**
   * The card of pile p left on top once its top n cards are gone and the kings and queens then uncovered have
   * gone, one after another, to free slots (F3, F9: the talon); NO_CARD if none.
   */
  underCourts(t: Table, p: number, n: number): Card {
    const left = this.slotsLeft;
    left.fill(0);
    for (let k = KNAVE; k < KNAVE + KNAVES && t.size(k) > 0; k++) {
      const s = suitOf(t.at(k, 0));
      if (t.size(KING + k) === 0) left[s]!++;
      if (t.size(QUEEN + k) === 0) left[4 + s]!++;
    }
    let c = t.below(p, n);
    for (let i = n; isCourt(c); c = t.below(p, ++i)) {
      const slot = (rankOf(c) === 13 ? 0 : 4) + suitOf(c);
      if (left[slot] === 0) break;
      left[slot]!--;
    }
    return c;
  }
}
