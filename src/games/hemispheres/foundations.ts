// The Hemispheres' own kind of foundations: two per suit, from bases laid at the deal, the red suits built up
// from their aces to the kings, the black suits down from their kings to the aces.

import { isRed, rankOf, suitOf, type Card } from '../../core/card.js';
import { soonerNeed, type Foundations } from '../../core/foundations.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation;

/**
 * Foundations 2s and 2s+1 of suit s, from pile FOUNDATION, each holding its base card from the deal. Of two
 * foundations of one suit showing the same top, a play goes to the first: they are interchangeable.
 */
export class HemispheresFoundations implements Foundations {
  private readonly wants = new Uint8Array(8); // the rank each foundation takes next, as at the last update()

  /**
   * Work out the rank each foundation takes next, for taking() (0 or 14: none): a foundation of k cards takes
   * rank k+1 going up (hearts and diamonds), rank 13-k going down (spades and clubs).
   */
  update(t: Table): void {
    const len = t.len;
    const wants = this.wants;
    for (let f = 0; f < 8; f++) {
      const size = len[FOUNDATION + f]!;
      const s = f >> 1;
      wants[f] = s === 1 || s === 2 ? size + 1 : 13 - size;
    }
  }

  /** The foundation that takes card c now, the first of an interchangeable pair; -1 if none (update first). */
  taking(c: Card): number {
    const f = 2 * suitOf(c);
    const r = rankOf(c);
    if (this.wants[f] === r) return FOUNDATION + f;
    return this.wants[f + 1] === r ? FOUNDATION + f + 1 : -1;
  }

  count(t: Table): number {
    let n = 0;
    for (let f = FOUNDATION; f < FOUNDATION + 8; f++) n += t.size(f) - 1; // the bases excluded
    return n;
  }

  complete(t: Table): boolean {
    for (let f = FOUNDATION; f < FOUNDATION + 8; f++) if (t.size(f) !== 13) return false;
    return true;
  }

  need(t: Table, c: Card): number {
    const len = t.len;
    const f = FOUNDATION + 2 * suitOf(c);
    const r = rankOf(c);
    // The cards each foundation must take before rank r (as update() counts): going up, rank r - (k+1); going
    // down, (13-k) - r.
    if (isRed(c)) return soonerNeed(r - len[f]! - 1, r - len[f + 1]! - 1);
    return soonerNeed(13 - len[f]! - r, 13 - len[f + 1]! - r);
  }
}
