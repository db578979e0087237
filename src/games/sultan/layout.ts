// The Sultan's piles and variables (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables, type Layout } from '../../core/layout.js';

/** The foundations in the plate's reading order, the Sultan left out: K\u2663 A\u2665 K\u2663 / K\u2666 K\u2666 /
 * K\u2660 K\u2665 K\u2660. */
const FOUNDATION_NAMES = [
  'king of clubs 1',
  'ace of hearts',
  'king of clubs 2',
  'king of diamonds 1',
  'king of diamonds 2',
  'king of spades 1',
  'king of hearts',
  'king of spades 2',
];

/** The piles with a Divan of `cells` cells (U1): the foundations, the stock, the current card, the talon, the
 * Sultan (out of play: he takes no cards), then Divan cell i (0-based) at first.divan + i. */
function sultanLayout(cells: number) {
  return defineLayout([
    { name: 'foundation', role: PileRole.Foundation, count: 8, label: (i) => FOUNDATION_NAMES[i]! },
    { name: 'stock', role: PileRole.Stock, count: 1 },
    { name: 'current', role: PileRole.Current, count: 1, label: () => 'current card' },
    { name: 'talon', role: PileRole.Talon, count: 1 },
    { name: 'sultan', role: PileRole.Out, count: 1, label: () => 'the Sultan' },
    { name: 'divan', role: PileRole.Layout, count: cells },
  ]);
}

/** U1: one layout per Divan size (made once, so role lookups are cached); the piles before the Divan are the same in
 * both. */
export const LAYOUTS: Readonly<
  Record<number, Layout<'foundation' | 'stock' | 'current' | 'talon' | 'sultan' | 'divan'>>
> = {
  6: sultanLayout(6),
  8: sultanLayout(8),
};

export const { first: FIRST } = LAYOUTS[8]!;

/** The re-deals made so far (0..2); the deal under way is redeals + 1. */
export const VARS = defineVariables({ redeals: 1 });
