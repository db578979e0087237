// Napoleon's Square's piles (the rules card is in index.ts). The game keeps no table variables.

import { PileRole } from '../../core/game.js';
import { defineLayout } from '../../core/layout.js';

/** Foundations: two rows of S H D C, foundation f holding suit f % 4 (which ace sits where is cosmetic); the
 * twelve packets (places) in deal order, 1-4 up the left side, 5-8 across the top, 9-12 down the right; the
 * stock, the current card and the talon. */
export const LAYOUT = defineLayout([
  {
    name: 'foundation',
    role: PileRole.Foundation,
    count: 8,
    label: (f) => `${['spades', 'hearts', 'diamonds', 'clubs'][f % 4]} ${1 + (f >> 2)}`,
  },
  { name: 'packet', role: PileRole.Layout, count: 12, label: (i) => `packet ${i + 1}` },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'current', role: PileRole.Current, count: 1, label: () => 'current card' },
  { name: 'talon', role: PileRole.Talon, count: 1 },
]);
