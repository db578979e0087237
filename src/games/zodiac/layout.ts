// The Zodiac's piles and variables (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/**
 * Foundations: ace piles S H D C (A..K), then king piles S H D C (K..A), the ace pile of suit s at up + s and
 * its king pile at down + s; the Equator's 8 cells, left to right; the Zodiac's 24 piles, clockwise from the
 * top; the stock, the current card and the talon.
 */
export const LAYOUT = defineLayout([
  { name: 'up', role: PileRole.Foundation, count: 4, label: (i) => `ace pile ${'SHDC'[i]}` },
  { name: 'down', role: PileRole.Foundation, count: 4, label: (i) => `king pile ${'SHDC'[i]}` },
  { name: 'equator', role: PileRole.Layout, count: 8 },
  { name: 'zodiac', role: PileRole.Layout, count: 24 },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'current', role: PileRole.Current, count: 1, label: () => 'current card' },
  { name: 'talon', role: PileRole.Talon, count: 1 },
]);

/**
 * The phase (a Phase); progress (a rules.ts Progress): 1 once a card has entered the layout, or an Equator card
 * married, in this pass (Z2), 2 for none yet after a pass of none (Z9); the pass through the stock, from 1.
 */
export const VARS = defineVariables({ phase: 1, progress: 1, pass: 1 });

/** The values of the phase variable: phase 1, placing every card; phase 2, building the foundations. */
export const Phase = { Placing: 0, Building: 1 } as const;

// The piles the helpers below need, as this module's own constants (docs/DEVELOPING.md, V8).
const EQUATOR = LAYOUT.first.equator;
const ZODIAC = LAYOUT.first.zodiac; // = LAYOUT.end.equator
const ZODIAC_END = LAYOUT.end.zodiac;

/** Whether pile p is a cell of the Equator. */
export function isEquator(p: number): boolean {
  return p >= EQUATOR && p < ZODIAC;
}

/** Whether pile p is a pile of the Zodiac. */
export function isZodiac(p: number): boolean {
  return p >= ZODIAC && p < ZODIAC_END;
}
