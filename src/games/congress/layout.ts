// The Congress's piles and variables (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/** The foundations (foundation f holds suit f % 4: the first ace of a suit at f, the second at f + 4); the help
 * places 1-4 of the deal (G3) and 5-8, open once the stock is out (G5); the river columns 1-8, each one pile,
 * row 1 at the bottom and the lowest card on top; the stock. */
export const LAYOUT = defineLayout([
  { name: 'foundation', role: PileRole.Foundation, count: 8 },
  { name: 'help', role: PileRole.Layout, count: 4 },
  { name: 'newHelp', role: PileRole.Layout, count: 4, label: (i) => `help ${i + 5}` },
  { name: 'river', role: PileRole.Layout, count: 8 },
  { name: 'stock', role: PileRole.Stock, count: 1 },
]);

/** River rows dealt so far, and the cards in the last row dealt: 8, or fewer for a partial last row (G6). */
export const VARS = defineVariables({ rows: 1, last: 1 });
