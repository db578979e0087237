// Sympathie's foundations, of its own kind (the rules card is in index.ts): the two piles of cards laid aside
// in pairs, one per player (Y4).

import type { Card } from '../../core/card.js';
import type { Foundations } from '../../core/foundations.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const PAIRS = LAYOUT.first.pairs;

/** The cards laid aside by both players. */
export class PairsLaidAside implements Foundations {
  readonly inSequence = false;

  /** The cards on both piles (0..104, always even). */
  count(t: Table): number {
    return t.size(PAIRS) + t.size(PAIRS + 1);
  }

  /** Y4: every card paired and laid aside. */
  complete(t: Table): boolean {
    return t.size(PAIRS) + t.size(PAIRS + 1) === 104;
  }

  /** Pairing keeps no order: a card is laid aside as soon as its twin is turned, whatever else is paired. */
  need(_t: Table, _c: Card): number {
    return 0;
  }
}
