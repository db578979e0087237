// The Carpet's sizes, piles and variables (the rules card is in index.ts).

import { PileRole, type GameState } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/**
 * The carpet's side (8 rows of 8 cells), its cells, and the re-deals allowed (K5: three deals in all). A module
 * copies the sizes it uses into consts of its own (docs/DEVELOPING.md, "Constants on the hot paths").
 */
export const SIZES = { side: 8, cells: 64, redeals: 2 } as const;
const SIDE = SIZES.side;

const SUITS = 'SHDC';

/** Foundations (K7): the up piles S H D C on the aces, then the down piles S H D C on the kings; the carpet, cell
 * (r,c) at first.carpet + (r-1)*8 + (c-1); the stock, the current card and the talon. */
export const LAYOUT = defineLayout([
  { name: 'up', role: PileRole.Foundation, count: 4, label: (s) => `up ${SUITS[s]}` },
  { name: 'down', role: PileRole.Foundation, count: 4, label: (s) => `down ${SUITS[s]}` },
  {
    name: 'carpet',
    role: PileRole.Layout,
    count: SIZES.cells,
    label: (k) => `carpet (${Math.floor(k / SIDE) + 1},${(k % SIDE) + 1})`,
  },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'current', role: PileRole.Current, count: 1, label: () => 'current card' },
  { name: 'talon', role: PileRole.Talon, count: 1 },
]);

/**
 * rows + i: the occupied cells of row i+1, bit c-1 for column c (kept with every carpet move); deal: the
 * re-deals made so far, 0..2 (K5); run: the carpet cards on the talon above its topmost card from the stock (K9).
 */
export const VARS = defineVariables({ rows: SIDE, deal: 1, run: 1 });

const DEAL = VARS.index.deal;
const REDEALS = SIZES.redeals;

/** Whether a Carpet position is in its last deal: no re-deal is left (K5). */
export function inLastDeal(state: GameState): boolean {
  return state.table.vars[DEAL]! === REDEALS;
}
