// S5, coded once: which place of a ray offers its card. The views of a position that depend on it derive it from
// openPlace below: the star cache behind the legal moves (cache.ts), the check of a play (isAvailable, legal.ts),
// the available cards, the visible cards and their depths, what a removal uncovers, and the solver's quick test
// that every face is free (solver.ts). The dead-end relaxation (solver-relaxation.ts) stacks a ray's cards in the
// order openPlace opens them: outer pile top first, then the middle card, then the inner card.

import { NO_CARD, type Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, Phase, VARS } from './layout.js';

const INNER = LAYOUT.first.inner;
const MIDDLE = LAYOUT.first.middle;
const OUTER = LAYOUT.first.outer;
const PLACES_END = LAYOUT.end.outer;
const RAYS = LAYOUT.count.outer;
const CURRENT = LAYOUT.first['current card'];
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;

/**
 * S5: looking inward from place p of a ray (its outer place: the whole ray), the first place holding a card,
 * whose top card is then available: an outer place blocks the middle and inner places behind it until it is
 * completely empty, whatever the pile's size, and a middle place the inner one. -1 when p and every place behind
 * it are empty (p below INNER: behind an inner place, where nothing lies).
 */
export function openPlace(len: Uint8Array, p: number): number {
  // Written out for a ray's three places, not as a loop: the star cache calls it for every ray it rescans
  // (the loop's cost: docs/decisions.md).
  if (p >= MIDDLE && len[p] === 0) p -= RAYS;
  if (p >= MIDDLE && len[p] === 0) p -= RAYS;
  return p >= INNER && len[p] !== 0 ? p : -1;
}

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
    const p = phase >= Phase.Free ? openPlace(t.len, OUTER + r) : (phase === Phase.Pause1 ? INNER : MIDDLE) + r;
    if (p >= 0 && t.size(p) > 0) {
      cards[n] = t.top(p);
      piles[n++] = p;
    }
  }
  return n;
}
