// The Shah's refills (S6-S9, S12, S13): which source fills a vacancy, the compulsory refills at the end of a
// step, when the player may end the free moves, and whether these, a chosen fill or a grace's fills would turn
// up an unseen stock card.

import type { TurnedStock } from '../../core/stock.js';
import type { Table } from '../../core/table.js';
import { lowestBit, popcount } from '../../core/bits.js';
import type { StarCache } from './cache.js';
import { LAYOUT, Phase, VARS } from './layout.js';
import { graceSource } from './rules.js';

const INNER = LAYOUT.first.inner;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first['current card'];
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;

/** The refillSource option's values (S9), in the order of RefillSource. */
export const REFILL_SOURCES = ['choice', 'talonFirst', 'stockOnly'] as const;

/** refillSource (S9): choice, talonFirst (sourceFor's general case), stockOnly (Hoffmann). */
export const RefillSource = { Choice: 0, TalonFirst: 1, StockOnly: 2 } as const;

// What fills a vacancy (sourceFor).
const FROM_TALON = 0;
const FROM_STOCK_TOP = 1;
const PLAYER_CHOOSES = 2;
const NO_SOURCE = 3;

/** S9, S13: which source fills a vacancy, given whether the talon and the stock top hold a card. */
function sourceFor(refillSource: number, talon: boolean, stockTop: boolean): number {
  if (refillSource === RefillSource.StockOnly) return stockTop ? FROM_STOCK_TOP : NO_SOURCE;
  if (refillSource === RefillSource.Choice && talon && stockTop) return PLAYER_CHOOSES;
  return talon ? FROM_TALON : stockTop ? FROM_STOCK_TOP : NO_SOURCE;
}

/** The refills of one position: the outside piles and the refillSource option (S9) they read. */
export class Refills {
  constructor(
    private readonly table: Table,
    private readonly outside: TurnedStock,
    private readonly refillSource: number,
    private readonly cache: StarCache,
  ) {}

  /**
   * S6-S8, S13: refill the given vacancies (a vacancy mask, StarCache.vacancyMask) in refill order, compulsorily,
   * from the source sourceFor() names; stop where the player must choose (phase Refill), else set the phase Turn
   * while a stock top remains, Free otherwise. Returns whether it moved a card.
   */
  refill(vacancies: number): boolean {
    const t = this.table;
    let moved = false;
    for (let rest = vacancies; rest !== 0; rest &= rest - 1) {
      const p = INNER + lowestBit(rest);
      const source = sourceFor(this.refillSource, t.size(TALON) > 0, this.outside.hasStockTop(t));
      if (source === PLAYER_CHOOSES) {
        t.set(PHASE, Phase.Refill);
        return moved;
      }
      if (source !== NO_SOURCE) {
        t.move(source === FROM_TALON ? TALON : this.outside.stockTop(t), p);
        moved = true;
      }
    }
    t.set(PHASE, this.outside.hasStockTop(t) ? Phase.Turn : Phase.Free);
    return moved;
  }

  /** The first empty place in refill order, or -1. */
  firstVacancy(): number {
    const mask = this.cache.vacancyMask();
    return mask === 0 ? -1 : INNER + lowestBit(mask);
  }

  /**
   * Ending the free moves is allowed while it leads on: a stock top remains, or a vacancy can be refilled (S14:
   * once the stock is out, from the talon top).
   */
  endAllowed(vacancy: boolean): boolean {
    const t = this.table;
    if (this.outside.hasStockTop(t)) return true;
    return vacancy && this.refillSource !== RefillSource.StockOnly && t.size(TALON) > 0;
  }

  /**
   * Whether ending the free moves turns up an unseen card: by an automatic refill when there is a vacancy,
   * else by turning the next stock card.
   */
  endReveals(vacancy: boolean): boolean {
    const t = this.table;
    if (!vacancy) return t.size(STOCK) > 0;
    return this.refillReveals(t.size(TALON), t.size(CURRENT), t.size(STOCK), this.cache.vacancyMask());
  }

  /** Whether filling vacancy v from pile `from` reveals a card, itself or by the automatic refills after it. */
  fillReveals(from: number, v: number): boolean {
    const t = this.table;
    if (from === STOCK) return true;
    const talon = t.size(TALON) - (from === TALON ? 1 : 0);
    const held = from === CURRENT ? 0 : t.size(CURRENT);
    return this.refillReveals(talon, held, t.size(STOCK), this.cache.vacancyMask() & (-2 << (v - INNER)));
  }

  /** Whether a grace's two fills (S12) would reach an unseen stock card: the second does whenever the first does. */
  graceReveals(): boolean {
    const t = this.table;
    return graceSource(1, t.size(TALON), t.size(CURRENT)) === STOCK && t.size(STOCK) > 0;
  }

  /**
   * Whether refilling the given vacancies (a vacancy mask), with `talon` talon cards, `held` current cards and
   * `stock` stock cards, would turn an unseen stock card before the player next has a choice: refill() counted,
   * without its loop. Each vacancy takes a card from the source sourceFor() names, and the stock top is the held
   * card while there is one, then the next stock card, unseen. So an unseen card turns up exactly when the stock
   * holds one and the vacancies outnumber the seen cards taken first: the held card (stockOnly); the talon's cards
   * and the held card (talonFirst); the held card when the talon is empty (choice: with a talon top and a stock
   * top the player chooses at the first vacancy).
   */
  private refillReveals(talon: number, held: number, stock: number, vacancies: number): boolean {
    if (stock === 0) return false;
    if (this.refillSource === RefillSource.StockOnly) return popcount(vacancies) > held;
    if (this.refillSource === RefillSource.TalonFirst) return popcount(vacancies) > talon + held;
    return talon === 0 && popcount(vacancies) > held;
  }
}
