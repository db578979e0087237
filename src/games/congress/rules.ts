// The Congress's rulings that more than one view reads (the moves, the legality check, uncovers, the advice),
// each coded once here; index.ts maps every ruling id to the one place that codes it.

import { NO_CARD, faceOf, rankOf, suitOf, type Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation; // docs/DEVELOPING.md, V8
const HELP = LAYOUT.first.help; // help place k (1..8) at HELP + k - 1
const MAX_HELPS = LAYOUT.end.newHelp - HELP; // help places once the stock is exhausted (G5)
const RIVER = LAYOUT.first.river;
const STOCK = LAYOUT.first.stock;

/**
 * The foundation that takes card c now (a foundation of k cards ends in rank k, so takes rank k + 1), the first
 * of an interchangeable pair (engine note); -1 if none.
 */
export function foundationFor(t: Table, c: Card): number {
  const len = t.len;
  const s = suitOf(c);
  const r = rankOf(c);
  if (len[FOUNDATION + s]! + 1 === r) return FOUNDATION + s;
  return len[FOUNDATION + s + 4]! + 1 === r ? FOUNDATION + s + 4 : -1;
}

/** G2: the face married onto help top `top`, its suit one lower (help cards are never aces). */
export function helpTakes(top: Card): number {
  return faceOf(top) - 1;
}

/** G2: whether card c marries onto help top `top` (NO_CARD: an empty help takes nothing). */
export function marries(c: Card, top: Card): boolean {
  return top !== NO_CARD && helpTakes(top) === faceOf(c);
}

/**
 * G1 immediate, G8: whether taking the top card of layout pile p now leaves a vacancy filled at once from the
 * unseen stock (so the move turns up an unseen card): while the stock lasts, a river card always, a help card
 * when it is the help's last.
 */
export function refillsAtOnce(t: Table, p: number, immediate: boolean): boolean {
  if (!immediate || t.len[STOCK] === 0) return false;
  return p >= RIVER || t.len[p] === 1;
}

/** G5: the help place a new help goes to, the first empty one of the eight (the stock being out); -1 if none. */
export function newHelpPlace(t: Table): number {
  const len = t.len;
  for (let k = 0; k < MAX_HELPS; k++) if (len[HELP + k] === 0) return HELP + k;
  return -1;
}
