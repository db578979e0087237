// The Shah's piles, variables and phases (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/**
 * Foundation f holds suit f % 4 (the aces are set out S H D C S H D C; which ace sits where is cosmetic); then
 * the star's three circles, ray r of each at first + r, in refill order (S8): inner (circle 1, by the ace),
 * middle (circle 2), outer (circle 3, piles); the stock, the current card, the talon, and the seven dead kings
 * with the Shah.
 */
export const LAYOUT = defineLayout([
  { name: 'foundation', role: PileRole.Foundation, count: 8 },
  { name: 'inner', role: PileRole.Layout, count: 8 },
  { name: 'middle', role: PileRole.Layout, count: 8 },
  { name: 'outer', role: PileRole.Layout, count: 8 },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'current card', role: PileRole.Current, count: 1 },
  { name: 'talon', role: PileRole.Talon, count: 1 },
  { name: 'dead kings', role: PileRole.Out, count: 1 },
]);

export const FOUNDATION = LAYOUT.first.foundation;
export const INNER = LAYOUT.first.inner;
export const MIDDLE = LAYOUT.first.middle;
export const OUTER = LAYOUT.first.outer;
export const STOCK = LAYOUT.first.stock;
export const CURRENT = LAYOUT.first['current card'];
export const TALON = LAYOUT.first.talon;
export const OUT = LAYOUT.first['dead kings'];
export const PILE_COUNT = LAYOUT.pileCount;
export const RAYS = LAYOUT.count.outer;
/** Places INNER..PLACES_END-1, in refill order (S8). */
export const PLACES_END = LAYOUT.end.outer;
/** No place: a ray whose three places are empty (an open lane). */
export const NO_PLACE = 255;

/** The one table variable: the phase (a Phase value). */
export const VARS = defineVariables({ phase: 1 });
export const PHASE = VARS.index.phase;

/** The values of the phase variable, in the order play passes through them. */
export const Phase = {
  /** The deal's pause after circle 1 (S10, S11). */
  Pause1: 0,
  /** The deal's pause after circle 2. */
  Pause2: 1,
  /** Main phase: free moves. */
  Free: 2,
  /** Main phase: the player picks the source for the first vacancy (refillSource=choice, S9). */
  Refill: 3,
  /** Main phase: refills done; the stock turns next. */
  Turn: 4,
} as const;
