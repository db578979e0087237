// Les Petits Paquets' piles and variables (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/** Foundations: up piles S H D C, then down piles S H D C, each on its king; packets 1-12 (P1); packet 13, one
 * place per round: its k-th card dealt lies in the k-th `spread` place (96 cards make at most 7 full rounds of
 * 13 placements, P4); the Exiles, face down, hidden (P6, RULES.md 14.4); the stock; the chain card waiting for
 * the player's choice of pile (P12). */
export const LAYOUT = defineLayout([
  { name: 'up', role: PileRole.Foundation, count: 4, label: (i) => `up ${'SHDC'[i]}` },
  { name: 'down', role: PileRole.Foundation, count: 4, label: (i) => `down ${'SHDC'[i]}` },
  { name: 'packet', role: PileRole.Layout, count: 12 },
  { name: 'spread', role: PileRole.Layout, count: 7, label: (i) => `packet 13 card ${i + 1}` },
  { name: 'exiles', role: PileRole.Stock, count: 1 },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'chain', role: PileRole.Current, count: 1, label: () => 'chain card' },
]);

/** The phase (a Phase value); the deal number (0 for the first deal); four slots, one per suit, for the
 * foundationExchange=oneOnLoan loans (P9). */
export const VARS = defineVariables({ phase: 1, deal: 1, loan: 4 });

/** The phases: free moves, or the chain card fitting both piles of its suit while the player picks one (P12). */
export const Phase = { Free: 0, Choose: 1 } as const;
