// The Hemispheres' rulings that more than one view reads (the moves, the legality check, the places' cache,
// the picture, the advice), each coded once here; index.ts maps every ruling id to the one place that codes it.

import { isRed, type Card } from '../../core/card.js';
import { takesDown, takesUp } from '../../core/packets.js';
import { refillInOrder } from '../../core/refill.js';
import type { Table } from '../../core/table.js';
import type { HemispheresFoundations } from './foundations.js';
import { HEMISPHERE, LAYOUT, RACES, inNorth, raceOfPile } from './layout.js';

const RACE = LAYOUT.first.place; // R1..R12 at RACE + 0..11 (docs/DEVELOPING.md, V8)
const PLACES = LAYOUT.count.place;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;

/** H3: whether card c lying in place i is of its hemisphere's colour (available; else dead). */
export function belongs(c: Card, i: number): boolean {
  return isRed(c) === inNorth(i);
}

// H1 with H3, as a table by place and card: the face a top takes (a red top the red card of its suit one
// lower, a black top the black card one higher; -1: none, a dead top takes nothing).
const TAKES = new Int8Array(PLACES * 256).fill(-1);
for (let i = 0; i < PLACES; i++) {
  for (let c = 0; c < 104; c++) if (belongs(c, i)) TAKES[i * 256 + c] = isRed(c) ? takesDown(c) : takesUp(c);
}

/** H1, H3: the face that top card y of place i takes in marriage, or -1 when it takes none. */
export function takes(y: Card, i: number): number {
  return TAKES[i * 256 + y]!;
}

/** H2: whether piles p and q are places of one Race (the three places between two adjacent barriers). */
export function sameRace(p: number, q: number): boolean {
  const race = raceOfPile(p);
  return race >= 0 && race === raceOfPile(q);
}

/** H2: the places a live top of place i may marry onto, as a mask by place: the other places of its Race. */
export const RACE_MATES: readonly number[] = Array.from({ length: PLACES }, (_, i) => {
  let mask = 0;
  for (let j = 0; j < PLACES; j++) if (j !== i && sameRace(RACE + i, RACE + j)) mask |= 1 << j;
  return mask;
});

/** H5: the places of the hemisphere card c belongs to, as a mask: the North for a red card, the South for a black. */
export function homeOf(c: Card): number {
  return isRed(c) ? HEMISPHERE.north : HEMISPHERE.south;
}

/** H11: the endgame of H5 is open: the stock, the current card and the talon are all out. */
export function endgame(t: Table): boolean {
  return t.size(STOCK) === 0 && t.size(CURRENT) === 0 && t.size(TALON) === 0;
}

/**
 * H8: the foundation that barrier pile p's card is played to now, or -1 while it waits (or is gone). A barrier is
 * the last card of its pile and is only ever played: whenever it fits, and to a foundation alone.
 */
export function barrierPlay(t: Table, p: number, foundations: HemispheresFoundations): number {
  return t.size(p) > 0 ? foundations.taking(t.top(p)) : -1;
}

/** H7, H9: whether the stock can be turned: while it or the current card lasts. There is no re-deal after. */
export function canTurn(t: Table): boolean {
  return t.size(STOCK) > 0 || t.size(CURRENT) > 0;
}

/** Whether turning the stock turns up an unseen card (the Turn move's reveal flag): while the stock lasts. */
export function turnReveals(t: Table): boolean {
  return t.size(STOCK) > 0;
}

/**
 * H6, H7: a turn of the stock. The current card, if still held, goes to the talon; every empty place is filled
 * from the stock in deal order R1 to R12; then the next stock card is turned as the current card.
 */
export function turnStock(t: Table): void {
  if (t.size(CURRENT) > 0) t.move(CURRENT, TALON);
  refillInOrder(t, RACES, STOCK);
  if (t.size(STOCK) > 0) t.move(STOCK, CURRENT);
}
