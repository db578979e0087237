// The Constitution's safe move for the solver, which then makes it without trying the others.

import { isRed } from '../../core/card.js';
import { MoveKind, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation;

/**
 * A play that keeps every win within reach, or -1: a Privy Council card X (suit s, rank r) lying on another
 * card, played while the other foundation of suit s is at r - 1 or more and the four foundations of the other
 * colour are each at r - 1 or more.
 *
 * Proof. Every card that could be built onto X (the other colour, one lower) is on a foundation, and both
 * copies of rank r - 1 of suit s are too. Take a winning line L from here and let L' be L with X played now
 * and its play in L left out. X lies in the Privy Council, so in L it leaves only by that play (Rule I), and
 * the card beneath it cannot move before then; X's pile does not fall vacant when X goes, so no compulsory
 * fill (C2) follows in L' that L lacks. Every move of L before X's play stays legal in L': nothing is built
 * onto X, and every other top is the same. The foundations of suit s are as in Napoleon's Square's safe play:
 * if the other is past r it holds X's twin and nothing goes on this one before X; if both are at r - 1, L'
 * plays the twin on whichever L leaves at r - 1. From X's play in L on, L and L' are in the same position.
 */
export function safePlay(t: Table, moves: Int32Array, n: number): Move {
  const len = t.len;
  for (let i = 0; i < n; i++) {
    const m = moves[i]!;
    if (kindOf(m) !== MoveKind.Play || len[fromOf(m)]! < 2) continue;
    const f = toOf(m);
    const r = len[f]! + 1; // X's rank: a foundation of k cards ends in rank k
    const other = f < FOUNDATION + 4 ? f + 4 : f - 4;
    if (len[other]! < r - 1) continue;
    const red = isRed(t.top(fromOf(m)));
    const a = red ? 0 : 1; // the suits of the other colour: spades and clubs, or hearts and diamonds
    const b = red ? 3 : 2;
    if (len[a]! >= r - 1 && len[a + 4]! >= r - 1 && len[b]! >= r - 1 && len[b + 4]! >= r - 1) return m;
  }
  return -1;
}
