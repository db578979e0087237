// The Sultan's rulings that more than one view needs (the moves, play, the reveal flags, the advice), each
// coded once here; the rules card in index.ts says which function codes which ruling.

import type { GameState } from '../../core/game.js';
import { MoveKind, makeMove } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { takingFoundation as takingFoundationOf } from './foundations.js';
import { FIRST, VARS } from './layout.js';

const STOCK = FIRST.stock;
const CURRENT = FIRST.current;
const TALON = FIRST.talon;
const REDEALS = VARS.index.redeals;
// An imported function as a const of this module (docs/DEVELOPING.md, "Constants on the hot paths").
const takingFoundation = takingFoundationOf;

/** U5: the re-deals a game allows. */
export const REDEALS_ALLOWED = 2;

/**
 * U2, U6, U8: the pile whose top refills a Divan cell emptied by a play: with divanFill=immediate the talon,
 * else the current card, else the stock (its next card turned straight in, unseen); -1 when all three are
 * empty, or when the cell waits for the player (divanFill=manual, before the first turn too).
 */
export function refillSource(len: Uint8Array, immediate: boolean): number {
  if (!immediate) return -1;
  if (len[TALON]! > 0) return TALON;
  if (len[CURRENT]! > 0) return CURRENT;
  return len[STOCK]! > 0 ? STOCK : -1;
}

/**
 * U9: the pile a card turned from the stock goes to: held as the current card (turnedCard=held), or laid on the
 * talon at once (turnedCard=talon, PySolFC's one-card waste), where only the talon top is available.
 */
export function turnTarget(onTalon: boolean): number {
  return onTalon ? TALON : CURRENT;
}

/** U5: a re-deal is left and there is a talon or a current card to take up (the stock being out). */
export function canRedeal(t: Table): boolean {
  return t.vars[REDEALS]! < REDEALS_ALLOWED && t.size(TALON) + t.size(CURRENT) > 0;
}

/** U5: whether play can still carry on in a Sultan position: a stock card to turn, or a re-deal left. */
export function canCarryOn(state: GameState): boolean {
  const t = state.table;
  return t.size(STOCK) > 0 || canRedeal(t);
}

/**
 * U3: add the play of pile p's top card to the foundation that takes it (the only move), if one does, to out
 * from index n (reveal flag clear); returns the new n.
 */
export function addPlay(t: Table, out: Int32Array, n: number, p: number): number {
  if (t.len[p] === 0) return n;
  const f = takingFoundation(t.len, t.top(p));
  if (f >= 0) out[n++] = makeMove(MoveKind.Play, p, f);
  return n;
}
