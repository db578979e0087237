// Sympathie's piles and variables (the rules card is in index.ts).

import { copyOf } from '../../core/card.js';
import { PileRole } from '../../core/game.js';
import { defineLayout, defineVariables } from '../../core/layout.js';

/** Each player's 17 packets and, as the 18th, his grace. */
const SLOTS = 18;
const GRACE = 17;

/** "A packet 3 face down", "B grace": packet k (0..17) of a player, its face-down part or its face-up top. */
const packetName = (who: string, part: string) => (k: number) =>
  k === GRACE ? `${who} grace${part}` : `${who} packet ${k + 1}${part}`;

/**
 * For each player, A then B: his packets' face-down parts (hidden, RULES.md 14.4), then their face-up tops (at
 * most one card each), packet k at the k-th pile of each; then the cards laid aside in pairs, one pile per
 * player. A packet's top is face down when its face-down part holds cards and its face-up part none.
 */
export const LAYOUT = defineLayout([
  { name: 'aDown', role: PileRole.Stock, count: SLOTS, label: packetName('A', ' face down') },
  { name: 'aUp', role: PileRole.Layout, count: SLOTS, label: packetName('A', '') },
  { name: 'bDown', role: PileRole.Stock, count: SLOTS, label: packetName('B', ' face down') },
  { name: 'bUp', role: PileRole.Layout, count: SLOTS, label: packetName('B', '') },
  { name: 'pairs', role: PileRole.Foundation, count: 2, label: (p) => `${'AB'[p]}'s pairs` },
]);

/** The phase of play (state.ts) and whose turn it is while turning (0 = A, 1 = B). */
export const VARS = defineVariables({ phase: 1, turn: 1 });

/** Sampling the unseen cards (core/sample.ts): a player's face-down cards are his own pack's (group = player). */
export const UNSEEN_GROUPS = {
  ofPile: Uint8Array.from({ length: LAYOUT.pileCount }, (_, q) => (q < LAYOUT.first.bDown ? 0 : 1)),
  ofCard: Uint8Array.from({ length: 104 }, (_, c) => copyOf(c)),
};
