// The Constitution's vacancies (C2, C7): which card fills a pile that falls empty, decided in one place for
// the fills themselves (vacate) and for the flag of a move that sets them off (emptyingReveals).

import type { Table } from '../../core/table.js';
import { LAYOUT, Phase, VARS, rowOf, rowStart } from './layout.js';

const WIDTH = LAYOUT.count.people;
const STOCK = LAYOUT.first.stock;
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;
const VACANCY = VARS.index.vacancy;

/** soleSource: the row below holds no card, so the vacancy waits (C2; C7: for good). */
const WAITS = -1;
/** soleSource: several piles of the row below hold cards, so the player chooses (C2). */
const CHOOSES = -2;

/**
 * C2, C7: the pile that fills a vacancy of row 2..4 with no choice, the only pile of the row below holding
 * cards; WAITS when none does, CHOOSES when several do.
 */
function soleSource(len: Uint8Array, row: number): number {
  const below = rowStart(row - 1);
  let source = WAITS;
  for (let p = below; p < below + WIDTH; p++) {
    if (len[p] === 0) continue;
    if (source >= 0) return CHOOSES;
    source = p;
  }
  return source;
}

/** C2: the pile that fills a People vacancy, with no choice: the talon top, else the next stock card; -1: it waits. */
function peopleSource(len: Uint8Array): number {
  return len[TALON] !== 0 ? TALON : len[STOCK] !== 0 ? STOCK : -1;
}

/**
 * Whether the compulsory fills that follow pile v falling vacant turn up an unseen stock card before the
 * player next chooses: single sources below are taken at once (C7) down to the People, which take the talon
 * top, else the next stock card (C2).
 */
export function cascadeReveals(len: Uint8Array, v: number): boolean {
  for (let row = rowOf(v); ; row--) {
    if (row === 1) return len[TALON] === 0 && len[STOCK] !== 0;
    const below = rowStart(row - 1);
    let source = -1;
    for (let p = below; p < below + WIDTH; p++) {
      if (len[p] === 0) continue;
      if (source >= 0) return false; // the player chooses
      source = p;
    }
    if (source < 0 || len[source]! > 1) return false; // the vacancy waits, or the cascade stops here
  }
}

/** Whether taking the top card off layout pile p would turn up an unseen stock card (C2, C7). */
export function emptyingReveals(len: Uint8Array, p: number): boolean {
  return len[p] === 1 && cascadeReveals(len, p);
}

/** C2, C7: fill vacancy v and the vacancies its fills make, stopping where the player must choose. */
export function vacate(t: Table, v: number): void {
  const len = t.len;
  for (;;) {
    const row = rowOf(v);
    if (row === 1) {
      // The People: the talon top, else the next stock card; with neither the vacancy waits.
      const source = peopleSource(len);
      if (source >= 0) t.move(source, v);
      return;
    }
    const source = soleSource(len, row);
    if (source === CHOOSES) {
      t.set(PHASE, Phase.Fill);
      t.set(VACANCY, v);
      return;
    }
    if (source === WAITS) return; // C2: the row below is empty; the vacancy waits (C7: for good)
    t.move(source, v);
    if (len[source] !== 0) return;
    v = source;
  }
}
