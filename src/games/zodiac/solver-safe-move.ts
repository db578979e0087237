// The Zodiac's safe moves, for the solver only: phase 2 only.
//
// None in phase 1: a marriage uses up a top that another card may need, and which cards are left for the
// Equator's 8 cells depends on every placement; a fill uses a cell. None with returns=free (Z11, solver.ts asks
// for none): the lemma below fails, since a line may return a card onto a married card or into the cell a
// marriage emptied, and with returns the only play is no longer the only way on.

import { faceOf, rankOf, suitOf } from '../../core/card.js';
import { MoveKind, fromOf, kindOf, type Move } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';
import { isPlacing } from './rules.js';

const UP = LAYOUT.first.up;
const DOWN = LAYOUT.first.down;
const EQUATOR = LAYOUT.first.equator;
const ZODIAC = LAYOUT.first.zodiac;

/**
 * A move proved to keep every win within reach, made alone by the solver; -1 when none (solver only).
 *
 * Lemma (phase 2). If a line wins from a position of phase 2, the same line without its Equator -> Zodiac
 * marriages wins too: each card it would marry stays in its Equator cell instead, where it is available
 * (Z3), every other card lies where it did or under fewer cards, and the foundations are the same; so each
 * play of the line is legal in the shortened line, a married card being played from its cell.
 *
 * only-play: in phase 2, when exactly one play or exchange is legal, it is safe. Proof: by the lemma some
 * winning line has no marriage; its first move is a play or exchange legal now (a marriage changes neither
 * the foundations nor uncovers a card), so it is this one.
 *
 * lone-copy: in phase 2, without the exchange (Z6 default), playing card x to a foundation F that takes it is
 * safe when the other copy x' of its face is on a foundation or lies in an Equator cell. Proof: take a
 * winning line L without marriages (lemma). F takes a card of x's rank next, and only x or x' can be it.
 * If L plays x to F, making that play first changes nothing L needs: F takes no other card before it,
 * the other foundations are untouched, and x's going only uncovers the card under it. If x' is on a
 * foundation, that is the only case. Otherwise x' lies in a cell and L plays x' to F and x to the other
 * foundation G, in either order; the new line plays x to F now, skips L's play of x' to F, and plays x' to
 * G where L played x to G: x' lies in its cell all along, covering nothing and available (Z3), F takes
 * nothing else meanwhile, and from then on the positions agree but for which copy lies where, which no
 * rule tells apart (RULES.md 1.2).
 */
export function safeMove(t: Table, exchange: boolean, moves: Int32Array, n: number): Move {
  if (isPlacing(t)) return -1;
  let plays = 0;
  let only: Move = -1;
  for (let i = 0; i < n; i++) {
    const m = moves[i]!;
    const kind = kindOf(m);
    if (kind !== MoveKind.Play && kind !== MoveKind.Exchange) continue;
    plays++;
    only = m;
    if (kind === MoveKind.Play && !exchange && otherCopyLoose(t, fromOf(m))) return m;
  }
  return plays === 1 ? only : -1;
}

/** lone-copy: the other copy of the top card of pile p is on a foundation or in an Equator cell other than p. */
function otherCopyLoose(t: Table, p: number): boolean {
  const c = t.top(p);
  const f = faceOf(c);
  const s = suitOf(c);
  const r = rankOf(c);
  // c itself lies in p, so a copy of its face on a foundation is the other one.
  if (t.size(UP + s) >= r || t.size(DOWN + s) >= 14 - r) return true;
  for (let e = EQUATOR; e < ZODIAC; e++) if (e !== p && t.size(e) > 0 && faceOf(t.top(e)) === f) return true;
  return false;
}
