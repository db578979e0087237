// The Constitution's rulings that more than one view needs, each coded once: which foundation takes a card,
// which row a card builds onto (C3), which pile fills a vacancy and in what order (C1, C2, C7), and whether a
// move turns up an unseen card. The moves, play and the reveal flags call these; state.ts's legalMove is an
// independent reading of the card.

import { sameSuitUp } from '../../core/building.js';
import { suitOf, type Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, Phase, VARS, rowOf, rowStart } from './layout.js';

// The pile numbers as this module's own constants (docs/DEVELOPING.md, "Constants on the hot paths").
const FOUNDATION = LAYOUT.first.foundation;
const WIDTH = LAYOUT.count.people;
const PRIVY = LAYOUT.first.privy;
const STOCK = LAYOUT.first.stock;
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;
const VACANCY = VARS.index.vacancy;

/** fillSource: the vacancy waits, the row below holding no card (C2; C7: for good). */
export const WAITS = -1;
/** fillSource: several piles of the row below hold cards, so the player chooses (C2). */
export const CHOOSES = -2;

/** C5, C6: whether the next stock card may be turned onto the talon: while the stock lasts; then no re-deal. */
export function canTurn(len: Uint8Array): boolean {
  return len[STOCK] !== 0;
}

/** Engine note: the foundation card c fits now, the first of an interchangeable pair; -1 if none. */
export function foundationFor(t: Table, c: Card): number {
  const s = suitOf(c);
  if (sameSuitUp(c, t.top(FOUNDATION + s))) return FOUNDATION + s;
  return sameSuitUp(c, t.top(FOUNDATION + s + 4)) ? FOUNDATION + s + 4 : -1;
}

/**
 * C3: the first pile of the row a card of layout pile p builds onto, the row directly above; -1 for the Privy
 * Council, which only plays. The talon and the stock never build (they are no layout pile).
 */
export function rowAbove(p: number): number {
  return p < PRIVY ? rowStart(rowOf(p) + 1) : -1;
}

/**
 * C2, C7: the pile that fills vacancy v with no choice: for the People the talon top, else the next stock card;
 * for rows 2-4 the only pile of the row directly below holding cards. WAITS when there is none, CHOOSES when
 * several piles of the row below hold cards (the player's choice, any of them).
 */
export function fillSource(len: Uint8Array, v: number): number {
  const row = rowOf(v);
  if (row === 1) return len[TALON] !== 0 ? TALON : len[STOCK] !== 0 ? STOCK : WAITS;
  const below = rowStart(row - 1);
  let source = WAITS;
  for (let p = below; p < below + WIDTH; p++) {
    if (len[p] === 0) continue;
    if (source >= 0) return CHOOSES;
    source = p;
  }
  return source;
}

/**
 * Whether the compulsory fills that follow pile v falling vacant turn up an unseen stock card before the
 * player next chooses: the fills without choice are made at once (C7), down to the People (C2).
 */
export function cascadeReveals(len: Uint8Array, v: number): boolean {
  for (;;) {
    const source = fillSource(len, v);
    if (source === STOCK) return true;
    if (source < 0 || source === TALON || len[source]! > 1) return false; // a choice, a wait, or the cascade stops
    v = source;
  }
}

/** Whether taking the top card off layout pile p turns up an unseen stock card (C1: only an emptied pile fills). */
export function emptyingReveals(len: Uint8Array, p: number): boolean {
  return len[p] === 1 && cascadeReveals(len, p);
}

/**
 * C1, C2, C7: after a card left layout pile p: if p is now empty (C1: only then is it a vacancy), fill it and
 * the vacancies its fills make, each from fillSource, stopping where the player must choose.
 */
export function vacate(t: Table, p: number): void {
  const len = t.len;
  for (let v = p; len[v] === 0; ) {
    const source = fillSource(len, v);
    if (source === WAITS) return; // C2: nothing to fill it with; the vacancy waits (C7: for good)
    if (source === CHOOSES) {
      t.set(PHASE, Phase.Fill);
      t.set(VACANCY, v);
      return;
    }
    t.move(source, v);
    v = source; // the talon or stock, never empty of what it gave, or a pile of the row below
    if (v === TALON || v === STOCK) return;
  }
}
