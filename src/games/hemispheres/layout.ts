// The Hemispheres' piles, and the Races and hemispheres of its ring of places (the rules card is in index.ts).

import { PileRole } from '../../core/game.js';
import { defineLayout } from '../../core/layout.js';

const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'];

/**
 * Foundations 2s and 2s+1 hold suit s (S H D C): hearts and diamonds up from the ace, spades and clubs down
 * from the king; the ring of places R1-R12, dealt clockwise from the king of hearts; the barriers, played only
 * (H8): west (K hearts), north (A clubs), east (K diamonds), south (A spades); the stock, the current card and
 * the talon. No table variables.
 */
export const LAYOUT = defineLayout([
  { name: 'foundation', role: PileRole.Foundation, count: 8, label: (i) => `${SUITS[i >> 1]} ${(i & 1) + 1}` },
  { name: 'place', role: PileRole.Layout, count: 12, label: (i) => `R${i + 1}` },
  {
    name: 'barrier',
    role: PileRole.Layout,
    count: 4,
    label: (i) => `${['west', 'north', 'east', 'south'][i]} barrier`,
  },
  { name: 'stock', role: PileRole.Stock, count: 1 },
  { name: 'current', role: PileRole.Current, count: 1, label: () => 'current card' },
  { name: 'talon', role: PileRole.Talon, count: 1 },
]);

// The files on the hot paths take the pile numbers they use into constants of their own (docs/DEVELOPING.md, V8).
const RACE = LAYOUT.first.place; // R1..R12 at RACE + 0..11
const BARRIER = LAYOUT.first.barrier;

/** The places R1-R12 in deal order (H6). */
export const RACES: readonly number[] = Array.from({ length: LAYOUT.count.place }, (_, i) => RACE + i);

/**
 * The hemispheres as masks of places (bit i: place i): the North, R1-R6, where the red cards belong; the
 * South, R7-R12, where the black cards belong.
 */
export const HEMISPHERE = { north: 0x03f, south: 0xfc0 } as const;

/** The four Races, three places each between two barriers (H2). */
export const RACE_NAMES = ['European', 'Asiatic', 'Australian', 'African'];

/** Whether place i (0..11) lies in the North. */
export function inNorth(i: number): boolean {
  return i < 6;
}

/** The Race (0 European .. 3 African) of pile p, or -1 when p is not a place. */
export function raceOfPile(p: number): number {
  return p >= RACE && p < BARRIER ? Math.floor((p - RACE) / 3) : -1;
}
