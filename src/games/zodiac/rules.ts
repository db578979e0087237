// The Zodiac's rulings that more than one view needs, each coded once: which piles are available in each phase
// (Z3), the phase itself, where a turned card goes (Z8), whether this pass has placed a card and whether the
// talon may be turned over (Z1, Z2, Z7, Z9), which cell a fill goes to, the foundations (Z5, Z6) and whether a
// foundation's top may come back (Z11), and where the deal lays each Zodiac card (Z12). The moves, play and
// greedy's advice call these; state.ts's legalMove is an independent reading of the card that calls them only
// where they are the card's own words.

import type { Table } from '../../core/table.js';
import { UpDownFoundations } from '../../core/updown.js';
import { LAYOUT, Phase, VARS, isEquator, isZodiac } from './layout.js';

// The pile numbers as this module's own constants (docs/DEVELOPING.md, "Constants on the hot paths").
const UP = LAYOUT.first.up;
const FOUNDATION_END = LAYOUT.end.down;
const EQUATOR = LAYOUT.first.equator;
const ZODIAC = LAYOUT.first.zodiac; // = LAYOUT.end.equator
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;
const PROGRESS = VARS.index.progress;

/**
 * Z5, Z6: the eight foundations, ace piles A..K at up + suit and king piles K..A at down + suit, none with a
 * base card (the first ace or king of a suit played starts its pile), the exchange free or off as the option says.
 */
export function zodiacFoundations(exchange: boolean): UpDownFoundations {
  return new UpDownFoundations(UP, 0, 1, 13, 13, 1, exchange ? 'free' : 'off');
}

/**
 * Z11: whether the top card of pile f, a foundation, may come back now (returns=free, PySolFC's): in phase 2,
 * from a foundation holding a card. It comes back onto a Zodiac top, same suit one apart (Z4), or into an empty
 * Equator cell (the first, engine note), one card a move, as a marriage move, and may be played again; the Zodiac
 * piles still give only to the foundations (Z3).
 */
export function returnable(t: Table, f: number, returns: boolean): boolean {
  return returns && f >= UP && f < FOUNDATION_END && t.size(f) > 0 && !isPlacing(t);
}

/**
 * Z12, for dealOrder=rows: the Zodiac pile (0..23, clockwise from the top left) of PySolFC's k-th Zodiac card.
 * PySolFC deals two rows of 12 column by column, top then bottom; its top row is laid along the ring's upper half
 * read clockwise (the left side's upper two, the top eight, the right side's upper two), its bottom row along the
 * lower half read left to right (the left side's lower two, the bottom eight, the right side's lower two).
 */
const ROWS_PILE: readonly number[] = Array.from({ length: 24 }, (_, k) => {
  const column = k >> 1;
  return k % 2 === 0 ? (column + 22) % 24 : 21 - column;
});

/**
 * Z12: the Zodiac pile (0..23) of the k-th Zodiac card dealt: pile k, clockwise from the top (dealOrder=ring), or
 * PySolFC's places (dealOrder=rows, ROWS_PILE).
 */
export function zodiacPileDealt(k: number, rows: boolean): number {
  return rows ? ROWS_PILE[k]! : k;
}

/** Z3: whether the position is in phase 1, placing every card, rather than phase 2, building the foundations. */
export function isPlacing(t: Table): boolean {
  return t.vars[PHASE] === Phase.Placing;
}

/**
 * Z3: whether the top card of pile p is available: in phase 1 the current card, the talon top and the Equator;
 * in phase 2 the Equator and the Zodiac tops. availableCards and legalMove ask it; legalMoves walks the same
 * piles in each phase without asking.
 */
export function isAvailable(p: number, placing: boolean): boolean {
  if (isEquator(p)) return true;
  return placing ? p === CURRENT || p === TALON : isZodiac(p);
}

/**
 * Z8: the pile a card turned from the stock goes to: held as the current card (turnedCard=held), or laid on the
 * talon at once (turnedCard=talon, PySolFC's one-card waste), where only the talon top is available.
 */
export function turnTarget(onTalon: boolean): number {
  return onTalon ? TALON : CURRENT;
}

/** The values of the progress variable: nothing placed yet this pass; a card placed; (Z9) nothing, after a pass of
 * nothing. */
export const Progress = { None: 0, Placed: 1, NoneAgain: 2 } as const;

/** Z2: whether the present pass through the stock has placed a card, or married an Equator card, yet. */
export function placedThisPass(t: Table): boolean {
  return t.vars[PROGRESS] === Progress.Placed;
}

/**
 * Z1, Z2, Z7, Z9: the talon may be turned over once the stock is out, after a pass that placed something; with
 * failure=none (`lost` false) after one that placed nothing too, unless the pass before it placed nothing either.
 */
export function redealAllowed(t: Table, lost: boolean): boolean {
  if (t.size(STOCK) !== 0 || t.size(CURRENT) + t.size(TALON) === 0) return false;
  const p = t.vars[PROGRESS];
  return p === Progress.Placed || (!lost && p === Progress.None);
}

/** Z2, Z9: the progress a re-deal starts the next pass with: None after a pass that placed a card, else NoneAgain. */
export function progressAfterRedeal(t: Table): number {
  return placedThisPass(t) ? Progress.None : Progress.NoneAgain;
}

/** Engine note: the cell a fill (the current card or the talon top) goes to, the first empty one; -1 if none. */
export function cellToFill(t: Table): number {
  for (let e = EQUATOR; e < ZODIAC; e++) if (t.size(e) === 0) return e;
  return -1;
}
