// Napoleon's Square's safe move for the solver: a play that keeps every win within reach.

import { MoveKind, kindOf, toOf, type Move } from '../../core/move.js';
import { LAYOUT } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation;

/**
 * A play to a foundation that keeps every win within reach, or -1: a card X (suit s, rank r) played onto a
 * foundation of suit s at r - 1 while the other foundation of suit s holds at least r - 1 cards.
 *
 * Proof. Then both copies of rank r - 1 of suit s are on the foundations, so no card can ever be married onto
 * X (N1: same suit one lower; a run moved onto X would have such a card at its bottom), and of the foundations
 * of suit s the one X goes on and the other are each at r - 1 or past r. Take any winning line L from here
 * and let L' be L without X's own moves (marriages, fills and its play), with X played now. Every other move of
 * L stays legal in L': the piles of L' are those of L with X taken out, so each card available in L is
 * available in L' and each packet top in L is the same top in L' (X was no target); the current card and the
 * stock are the same. For the foundations: if the other one is past r it holds X's twin, so L plays X onto
 * this one, and nothing else can go there before X; if both were at r - 1, L plays X and its twin on them in
 * some order, and L' plays the twin on whichever is at r - 1 when L plays it, the two foundations then
 * holding the same cards as in L, the one L leaves at r - 1 until it takes X being one card ahead in L'. A
 * fill in L goes to the first empty place; L' may have one more empty place (X's), and its fill may land in
 * another place: the places are alike (N2), so L' is L with two places exchanged from there on. Nothing is
 * compulsory in this game, so no move of L' is forced on it. So L' wins, and playing X loses no win. Aces
 * always qualify (r - 1 = 0): nothing is ever married onto an ace.
 */
export function safePlay(len: Uint8Array, moves: Int32Array, n: number): Move {
  for (let i = 0; i < n; i++) {
    const m = moves[i]!;
    if (kindOf(m) !== MoveKind.Play) continue;
    const f = toOf(m);
    const other = f < FOUNDATION + 4 ? f + 4 : f - 4;
    if (len[other]! >= len[f]!) return m; // X's rank is len[f] + 1
  }
  return -1;
}
