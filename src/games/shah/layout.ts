// The Shah's piles, variables and phases (the rules card is in index.ts). Each file binds the pile numbers it
// uses to constants of its own (docs/DEVELOPING.md, V8).

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

/** The one table variable: the phase (a Phase value). */
export const VARS = defineVariables({ phase: 1 });

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
