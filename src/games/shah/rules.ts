// The Shah's rulings that more than one view needs, each coded once here (the rules card is in index.ts): which
// place of a ray is open (S5), which circle a pause of the deal offers (S11), a grace's lane and the sources of
// its fills (S12, S17), and which of two interchangeable foundations takes a card (engine note). The moves, the
// star cache, the refills' reveal flags, the views and the solver call them; so does the independent check
// (legal.ts), as the card's own words.

import { LAYOUT, Phase } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation;
const INNER = LAYOUT.first.inner;
const MIDDLE = LAYOUT.first.middle;
const OUTER = LAYOUT.first.outer;
const RAYS = LAYOUT.count.outer;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first['current card'];
const TALON = LAYOUT.first.talon;

/**
 * S5: looking inward from place p of a ray (its outer place: the whole ray), the first place holding a card,
 * whose top card is then available: an outer place blocks the middle and inner places behind it until it is
 * completely empty, whatever the pile's size, and a middle place the inner one. -1 when p and every place behind
 * it are empty (p below INNER: behind an inner place, where nothing lies). The dead-end relaxation
 * (solver-relaxation.ts) stacks a ray's cards in the order this opens them.
 */
export function openPlace(len: Uint8Array, p: number): number {
  // Written out for a ray's three places, not as a loop: the star cache calls it for every ray it rescans
  // (the loop's cost: docs/decisions.md#shahs-openplace-written-out).
  if (p >= MIDDLE && len[p] === 0) p -= RAYS;
  if (p >= MIDDLE && len[p] === 0) p -= RAYS;
  return p >= INNER && len[p] !== 0 ? p : -1;
}

/** S11: the circle whose places a pause of the deal offers: circle 1 (inner) at the first, circle 2 (middle) at the
 * second. */
export function dealtCircle(phase: number): number {
  return phase === Phase.Pause1 ? INNER : MIDDLE;
}

/** S12: whether ray r is a lane, open for a grace: its inner, middle and outer places are all empty. */
export function graceLane(len: Uint8Array, r: number): boolean {
  return len[INNER + r] === 0 && len[MIDDLE + r] === 0 && len[OUTER + r] === 0;
}

/**
 * S12, S17: the pile that fill k of a grace takes its card from (k = 0: the ray's middle place, 1: then its outer
 * place), the talon holding `talon` cards and the current card pile `held` before the grace: the talon top while
 * the talon has a card, else the stock top, which is the current card while held, then the next stock card
 * (STOCK); when the stock is out too, the place stays empty (S17).
 */
export function graceSource(k: number, talon: number, held: number): number {
  if (k < talon) return TALON;
  return k < talon + held ? CURRENT : STOCK;
}

/**
 * Engine note: the foundation a card of suit s and rank `rank` fits now; of the two foundations of its suit, which
 * are interchangeable, the first that takes it; -1 if neither. Foundation f holds suit f % 4 up from its ace
 * (layout.ts), so a foundation of k cards takes rank k + 1.
 */
export function foundationFor(len: Uint8Array, s: number, rank: number): number {
  const f = FOUNDATION + s;
  if (len[f] === rank - 1) return f;
  return len[f + 4] === rank - 1 ? f + 4 : -1;
}
