// The Fish-Bone's piles and variables (the rules card is in index.ts). Each module names the piles it uses in
// constants of its own, taken from LAYOUT (docs/DEVELOPING.md, V8).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/**
 * The spine: knave pile k is the (k+1)-th knave placed (F4, F7), with its king slot `king` + k and queen slot
 * `queen` + k beside it; the gridiron's six piles (F6); the stock, the current card and the talon (Rule II).
 */
export const LAYOUT = defineLayout([
  { name: 'knave', role: PileRole.Foundation, count: 8 },
  { name: 'king', role: PileRole.Foundation, count: 8 },
  { name: 'queen', role: PileRole.Foundation, count: 8 },
  { name: 'gridiron', role: PileRole.Layout, count: 6 },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'current', role: PileRole.Current, count: 1, label: () => 'current card' },
  { name: 'talon', role: PileRole.Talon, count: 1 },
]);

/** The deal: 1 in the first, 2 after the re-deal (F5). */
export const VARS = defineVariables({ deal: 1 });
