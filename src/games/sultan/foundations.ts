// The Sultan's foundations, of their own kind (core/foundations.ts): two per suit, seven on kings building A..Q
// and one on the ace of hearts building 2..Q; the Sultan, the other king of hearts, takes none (rules card:
// Cards; U3). Whose place a base takes, which foundation takes a card, and how soon, are decided here alone.

import { rankOf, suitOf, type Card } from '../../core/card.js';
import { soonerNeed, type Foundations } from '../../core/foundations.js';
import type { Table } from '../../core/table.js';
import { FIRST } from './layout.js';

const FOUNDATION = FIRST.foundation;
const ACE = FOUNDATION + 1; // the foundation on the ace of hearts
const SULTAN = FIRST.sultan;
const HEARTS = 1;
/** Cards the foundations take, bases excluded: 7 x 12 on the kings, 11 on the ace. */
const CARDS = 95;

// The foundations of each suit (S H D C), the first of each pair first; the king of hearts' foundation is 6.
const SUIT_FIRST = [FOUNDATION + 5, ACE, FOUNDATION + 3, FOUNDATION];
const SUIT_SECOND = [FOUNDATION + 7, FOUNDATION + 6, FOUNDATION + 4, FOUNDATION + 2];

/** The Sultan's eight foundations (piles FIRST.foundation..+7) and his own place. */
export class SultanFoundations implements Foundations {
  /**
   * At the deal: put card c in its place if it is a base, and say whether it was. The first king of hearts is
   * the Sultan; of two kings of a suit the first takes the first place; the first ace of hearts is the base.
   */
  layBase(t: Table, c: Card): boolean {
    const rank = rankOf(c);
    const s = suitOf(c);
    if (rank === 13) {
      if (s === HEARTS) t.put(t.size(SULTAN) === 0 ? SULTAN : SUIT_SECOND[HEARTS]!, c);
      else t.put(t.size(SUIT_FIRST[s]!) === 0 ? SUIT_FIRST[s]! : SUIT_SECOND[s]!, c);
      return true;
    }
    if (rank === 1 && s === HEARTS && t.size(ACE) === 0) {
      t.put(ACE, c);
      return true;
    }
    return false;
  }

  /**
   * The foundation that takes card c now, -1 if none: its suit's, one above its top (a king counting as 0).
   * Engine note: of two that take it, the first of the pair.
   */
  target(t: Table, c: Card): number {
    return takingFoundation(t.len, c);
  }

  count(t: Table): number {
    const len = t.len;
    let n = 0;
    for (let f = FOUNDATION; f < FOUNDATION + 8; f++) n += len[f]! - 1;
    return n;
  }

  complete(t: Table): boolean {
    return this.count(t) === CARDS;
  }

  need(t: Table, c: Card): number {
    const len = t.len;
    const s = suitOf(c);
    const r = rankOf(c);
    const first = SUIT_FIRST[s]!;
    const gap1 = r - len[first]! - (first === ACE ? 1 : 0); // a king's foundation of k cards takes rank k
    const gap2 = r - len[SUIT_SECOND[s]!]!;
    return soonerNeed(gap1, gap2);
  }
}

/**
 * The foundation that takes card c now, -1 if none (SultanFoundations.target, from the piles' lengths): a plain
 * function, so that the Divan's scan, which asks it of every cell, gets it inlined.
 */
export function takingFoundation(len: Uint8Array, c: Card): number {
  const s = suitOf(c);
  const r = rankOf(c);
  const first = SUIT_FIRST[s]!;
  // a king's foundation of k cards takes rank k; the ace's, rank k + 1
  if (len[first]! + (first === ACE ? 1 : 0) === r) return first;
  const second = SUIT_SECOND[s]!;
  return len[second] === r ? second : -1;
}
