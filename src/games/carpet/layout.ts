// The Carpet's piles and variables (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/** The carpet's side: 8 rows of 8 cells. */
export const SIDE = 8;
/** The carpet's cells. */
export const CELLS = SIDE * SIDE;
/** Re-deals allowed (K5): three deals in all. */
export const REDEALS = 2;

const SUITS = 'SHDC';

/** Foundations (K7): the up piles S H D C on the aces, then the down piles S H D C on the kings; the carpet, cell
 * (r,c) at first.carpet + (r-1)*8 + (c-1); the stock, the current card and the talon. */
export const LAYOUT = defineLayout([
  { name: 'up', role: PileRole.Foundation, count: 4, label: (s) => `up ${SUITS[s]}` },
  { name: 'down', role: PileRole.Foundation, count: 4, label: (s) => `down ${SUITS[s]}` },
  { name: 'carpet', role: PileRole.Layout, count: CELLS, label: (k) => `carpet (${Math.floor(k / SIDE) + 1},${(k % SIDE) + 1})` },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'current', role: PileRole.Current, count: 1, label: () => 'current card' },
  { name: 'talon', role: PileRole.Talon, count: 1 },
]);

/**
 * rows + i: the occupied cells of row i+1, bit c-1 for column c (kept with every carpet move); deal: the
 * re-deals made so far, 0..2 (K5); run: the carpet cards on the talon above its topmost card from the stock (K9).
 */
export const VARS = defineVariables({ rows: SIDE, deal: 1, run: 1 });
