// The stock turned one card at a time, with its current card and talon (RULES.md 1.1 conventions).

import type { Table } from './table.js';

/** The stock, current-card and talon piles of a game that turns its stock one card at a time. */
export class TurnedStock {
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

  /** Put cards into the stock so that cards[0] is turned first (journal-free, for laying out a deal). */
  load(t: Table, cards: ArrayLike<number>): void {
    for (let i = cards.length - 1; i >= 0; i--) t.put(this.stock, cards[i]!);
  }
}
