// La Duchesse de Luynes's piles and variables (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/** Foundations: up piles S H D C (the aces' row), then down piles S H D C (the kings' row); the packets T1-T4;
 * the Discard, face down until taken up (D2, RULES.md 14.4); the Discard taken up, spread: its k-th card
 * discarded lies in the k-th `taken` place (17 rounds of two); the stock. */
export const LAYOUT = defineLayout([
  { name: 'up', role: PileRole.Foundation, count: 4, label: (i) => `up ${'SHDC'[i]}` },
  { name: 'down', role: PileRole.Foundation, count: 4, label: (i) => `down ${'SHDC'[i]}` },
  { name: 'packet', role: PileRole.Layout, count: 4, label: (i) => `T${i + 1}` },
  { name: 'discard', role: PileRole.Stock, count: 1 },
  { name: 'taken', role: PileRole.Layout, count: 34, label: (i) => `discard card ${i + 1}` },
  { name: 'stock', role: PileRole.Stock, count: 1 },
]);

/** The deal number (0 for the first deal); four slots for the exchange policy's loans (unused by this game's options).
 * */
export const VARS = defineVariables({ deal: 1, loan: 4 });
