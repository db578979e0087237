// The views of the star that follow S5 (rules.ts openPlace): whether a place offers its card (the check of a
// play, legal.ts), the available cards, the visible cards and their depths, and what a removal uncovers.

import { NO_CARD, type Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, Phase, VARS } from './layout.js';
import { dealtCircle, openPlace } from './rules.js';

const INNER = LAYOUT.first.inner;
const MIDDLE = LAYOUT.first.middle;
const OUTER = LAYOUT.first.outer;
const PLACES_END = LAYOUT.end.outer;
const RAYS = LAYOUT.count.outer;
const CURRENT = LAYOUT.first['current card'];
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;

/** Whether pile p offers a card in the main phase (S5, S14, S16). */
export function isAvailable(t: Table, p: number): boolean {
  if (p === CURRENT || p === TALON) return t.size(p) > 0;
  if (p < INNER || p >= PLACES_END) return false;
  return openPlace(t.len, OUTER + ((p - INNER) % RAYS)) === p;
}

/**
 * The visible cards of the star (GameState.visibleCards), from index n: each ray from its open place inward,
 * each place's cards lying behind all the cards of the places open before it (S5). Returns the new count.
 */
export function starCards(t: Table, cards: Uint8Array, depths: Uint8Array, piles: Uint8Array, n: number): number {
  const len = t.len;
  for (let r = 0; r < RAYS; r++) {
    let depth = 0;
    for (let p = openPlace(len, OUTER + r); p >= 0; p = openPlace(len, p - RAYS)) {
      const size = len[p]!;
      for (let k = 0; k < size; k++) {
        cards[n] = t.below(p, k);
        depths[n] = depth + k;
        piles[n++] = p;
      }
      depth += size;
    }
  }
  return n;
}

/** GameState.uncovers: an emptied place of the star releases the place open behind it (S5). */
export function uncovers(t: Table, p: number, n: number): Card {
  if (t.size(p) > n) return p === CURRENT ? NO_CARD : t.below(p, n);
  if (p < MIDDLE || p >= PLACES_END || t.vars[PHASE]! < Phase.Free) return NO_CARD; // S11: the deal's circles
  const q = openPlace(t.len, p - RAYS);
  return q < 0 ? NO_CARD : t.top(q);
}

/** GameState.availableCards: the current card, the talon top, then each ray's card. */
export function availableCards(t: Table, cards: Uint8Array, piles: Uint8Array): number {
  const phase = t.vars[PHASE]!;
  let n = 0;
  for (let p = CURRENT; p <= TALON; p++) {
    if (t.size(p) > 0) {
      cards[n] = t.top(p);
      piles[n++] = p;
    }
  }
  for (let r = 0; r < RAYS; r++) {
    // S11 during the deal: the circle just dealt; S5 after it: the ray's open place
    const p = phase >= Phase.Free ? openPlace(t.len, OUTER + r) : dealtCircle(phase) + r;
    if (p >= 0 && t.size(p) > 0) {
      cards[n] = t.top(p);
      piles[n++] = p;
    }
  }
  return n;
}
