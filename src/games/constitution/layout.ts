// The Constitution's piles and variables (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/** Piles in a row. */
export const WIDTH = 8;
/** Rows of the layout: 1 the People (dealt first), 2 the House of Commons, 3 the House of Lords, 4 the Privy Council.
 * */
export const ROWS = 4;

/** The eight foundations, the Government (foundation f holds suit f % 4; which ace sits where is cosmetic); the
 * four rows of eight from the People up, each left to right; the stock, the talon; the kings and queens, out of play.
 * */
export const LAYOUT = defineLayout([
  { name: 'foundation', role: PileRole.Foundation, count: 8 },
  { name: 'people', role: PileRole.Layout, count: WIDTH },
  { name: 'commons', role: PileRole.Layout, count: WIDTH },
  { name: 'lords', role: PileRole.Layout, count: WIDTH },
  { name: 'privy', role: PileRole.Layout, count: WIDTH, label: (i) => `privy council ${i + 1}` },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'talon', role: PileRole.Talon, count: 1 },
  { name: 'out', role: PileRole.Out, count: 1, label: () => 'kings and queens' },
]);

/** The phase (a Phase), and the vacancy the player must fill now (phase Fill). */
export const VARS = defineVariables({ phase: 1, vacancy: 1 });

/** The phases. */
export const Phase = {
  /** Plays, builds, turning the stock. */
  Free: 0,
  /** A vacancy in rows 2-4 waits for the player's choice of a top card from the row below (C2). */
  Fill: 1,
} as const;

// The piles the row helpers below need; a file with loops over piles takes its own constants from LAYOUT.
const PEOPLE = LAYOUT.first.people;
const LAYOUT_END = LAYOUT.end.privy;

/** Row of a layout pile, 1 (People) .. 4 (Privy Council). */
export function rowOf(p: number): number {
  return ((p - PEOPLE) >> 3) + 1;
}

/** First pile of a row 1..4. */
export function rowStart(row: number): number {
  return PEOPLE + (row - 1) * WIDTH;
}

/** Whether p is a pile of the four rows. */
export function isLayout(p: number): boolean {
  return p >= PEOPLE && p < LAYOUT_END;
}
