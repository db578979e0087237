// The foundations part: what every kind of foundation row answers (how many cards are up, whether all are,
// how soon a card is needed), its kinds, and the one declaration of the foundation-exchange option.
//
// Kinds: TwinUpFoundations (two piles per suit built up, The Shah, The Constitution, The Congress, Napoleon's
// Square); UpDownFoundations (an up and a down pile per suit, with the exchange, core/updown.ts). A game whose
// foundations are of its own kind (The Sultan's, The Hemispheres') implements Foundations itself.

import { rankOf, suitOf, type Card } from './card.js';
import type { OptionSpec } from './options.js';
import type { Table } from './table.js';
import type { ExchangePolicy } from './updown.js';

/** A row of foundations as the rest of a game sees it. */
export interface Foundations {
  /** Cards played to the foundations, bases excluded. */
  count(t: Table): number;
  /** True when every foundation is complete. */
  complete(t: Table): boolean;
  /** Cards that must reach the foundations before c can be played there (0: it fits now; 255: never). */
  need(t: Table, c: Card): number;
  /** False for foundations that are not suit sequences (Sympathie's pairs); absent: each pile is one
   * (position-check.ts). */
  readonly inSequence?: boolean;
}

/**
 * The need of a card that either of two foundations could take, from how many cards each must receive before
 * it (negative: that foundation has passed the card).
 */
export function soonerNeed(gap1: number, gap2: number): number {
  if (gap1 < 0) return gap2 < 0 ? 255 : gap2;
  return gap2 < 0 ? gap1 : Math.min(gap1, gap2);
}

/**
 * Eight foundations built up, two per suit: suit s at piles first + s and first + 4 + s. A foundation of k
 * cards ends in rank k (a base laid at the deal counted); each starts with `base` cards and is complete at `full`.
 */
export class TwinUpFoundations implements Foundations {
  constructor(
    readonly first: number,
    readonly base: number,
    readonly full: number,
  ) {}

  count(t: Table): number {
    let n = 0;
    for (let f = this.first; f < this.first + 8; f++) n += t.size(f) - this.base;
    return n;
  }

  complete(t: Table): boolean {
    for (let f = this.first; f < this.first + 8; f++) if (t.size(f) !== this.full) return false;
    return true;
  }

  need(t: Table, c: Card): number {
    const s = suitOf(c);
    const r = rankOf(c);
    const len = t.len;
    return soonerNeed(r - len[this.first + s]! - 1, r - len[this.first + s + 4]! - 1);
  }
}

/** The foundation-exchange option (RULES.md 14.3), declared once: its ruling id, the values a game offers, and why. */
export function foundationExchangeOption(
  ruling: string,
  values: readonly ExchangePolicy[],
  summary: string,
): OptionSpec {
  return { name: 'foundationExchange', values, default: values[0]!, ruling, summary };
}
