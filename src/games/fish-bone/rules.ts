// The Fish-Bone's rulings that more than one view reads (the moves, the legality check, the tops' cache), each
// coded once here; index.ts maps every ruling id to the one place that codes it.

import { faceOf, rankOf, type Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, VARS } from './layout.js';
import { isCourt } from './spine.js';

const CURRENT = LAYOUT.first.current; // docs/DEVELOPING.md, V8
const DEAL = VARS.index.deal;
const GRID = LAYOUT.first.gridiron;
const GRID_END = LAYOUT.end.gridiron;
const KNAVE = LAYOUT.first.knave;
const KNAVES = LAYOUT.count.knave;
const STOCK = LAYOUT.first.stock;
const TALON = LAYOUT.first.talon;

/** Rule I: the face a knave pile showing `top` takes, its suit one lower (down to the ace); -1 on an ace. */
export function knaveTakes(top: Card): number {
  return rankOf(top) > 1 ? faceOf(top) - 1 : -1;
}

/** Rule I, engine note: the knave pile that takes card c, the first of an interchangeable pair; -1 if none. */
export function knaveFor(t: Table, c: Card): number {
  const face = faceOf(c);
  for (let k = KNAVE; k < KNAVE + KNAVES && t.len[k]! > 0; k++) if (knaveTakes(t.top(k)) === face) return k;
  return -1;
}

/** F2: the face married onto a gridiron top, its suit one higher: a ten at most, never a king or queen; or -1. */
export function marriageTarget(top: Card): number {
  return rankOf(top) <= 9 ? faceOf(top) + 1 : -1;
}

/** F6, F8: the vacancy filled next, the first empty gridiron pile (where a pile lies does not matter); or -1. */
export function firstVacancy(t: Table): number {
  const len = t.len;
  for (let g = GRID; g < GRID_END; g++) if (len[g] === 0) return g;
  return -1;
}

/** F8: the stock side of a fill, the current card while held, else the stock (turned into the vacancy); or -1. */
export function stockSide(t: Table): number {
  if (t.size(CURRENT) > 0) return CURRENT;
  return t.size(STOCK) > 0 ? STOCK : -1;
}

/** F9: whether the talon top may fill a vacancy: a king or queen never does. */
export function talonFills(t: Table): boolean {
  return t.size(TALON) > 0 && !isCourt(t.top(TALON));
}

/** F1, F8: whether some source can fill a vacancy, so that no card is turned and no re-deal made first. */
export function canFill(t: Table): boolean {
  return stockSide(t) >= 0 || talonFills(t);
}

/** F5, F8: the one re-deal, once the stock and current card are out and no vacancy can be filled. */
export function canRedeal(t: Table): boolean {
  if (t.vars[DEAL] !== 1 || t.size(STOCK) > 0 || t.size(CURRENT) > 0 || t.size(TALON) === 0) return false;
  return firstVacancy(t) < 0 || !talonFills(t);
}

/** Whether turning the stock turns up an unseen card (the Turn's reveal flag; a fill from the stock always does). */
export function turnReveals(t: Table): boolean {
  return t.size(STOCK) > 0;
}
