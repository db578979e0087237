// The Hemispheres' own kind of foundations: two per suit, from bases laid at the deal, the red suits built up
// from their aces to the kings, the black suits down from their kings to the aces.

import { rankOf, suitOf, type Card } from '../../core/card.js';
import { soonerNeed, type Foundations } from '../../core/foundations.js';
import type { Table } from '../../core/table.js';
import { FOUNDATION } from './layout.js';

/** Whether suit s (S H D C) builds up: hearts and diamonds. */
function buildsUp(s: number): boolean {
  return s === 1 || s === 2;
}

/**
 * The rank a foundation of suit s holding `size` cards takes next (0 or 14: none): a foundation of k cards
 * takes rank k+1 going up, rank 13-k going down.
 */
function nextRank(s: number, size: number): number {
  return buildsUp(s) ? size + 1 : 13 - size;
}

/**
 * Foundations 2s and 2s+1 of suit s, from pile FOUNDATION, each holding its base card from the deal. Of two
 * foundations of one suit showing the same top, a play goes to the first: they are interchangeable.
 */
export class HemispheresFoundations implements Foundations {
  private readonly wants = new Uint8Array(8); // the rank each foundation takes next, as at the last update()

  /** Work out the rank each foundation takes next, for taking(). */
  update(t: Table): void {
    const len = t.len;
    for (let f = 0; f < 8; f++) this.wants[f] = nextRank(f >> 1, len[FOUNDATION + f]!);
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
    const s = suitOf(c);
    const r = rankOf(c);
    const next1 = nextRank(s, len[FOUNDATION + 2 * s]!);
    const next2 = nextRank(s, len[FOUNDATION + 2 * s + 1]!);
    // Going up, the ranks below the next one taken are passed; going down, those above it.
    return buildsUp(s) ? soonerNeed(r - next1, r - next2) : soonerNeed(next1 - r, next2 - r);
  }
}
