// Napoleon's Square's rulings that more than one view needs, each coded once: which piles are available (N3),
// which foundation takes a card (N4), which run may move (N1), which place a fill goes to (N2), where the deal
// lays each card (N9), where a turned card goes (N10), which piles may fill a space and as what move (N11), which
// foundation tops may come back (N12), and whether a move turns up an unseen card. legalMoves, availableCards and
// uncovers call these; state.ts's legalMove is an independent reading of the card.

import { lowestBit } from '../../core/bits.js';
import { runLength } from '../../core/building.js';
import { rankOf, suitOf, type Card } from '../../core/card.js';
import { MoveKind } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

// The pile numbers as this module's own constants (docs/DEVELOPING.md, "Constants on the hot paths").
const FOUNDATION = LAYOUT.first.foundation;
const PACKET = LAYOUT.first.packet;
const PACKETS = LAYOUT.count.packet;
const ALL_PACKETS = (1 << PACKETS) - 1;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;

/** N3: whether pile p is one whose top card is available: a packet, the current card or the talon. */
export function topAvailable(p: number): boolean {
  return (p >= PACKET && p < STOCK) || p === CURRENT || p === TALON;
}

/**
 * N4, engine note: the foundation that takes card c now (an ace any empty one of its suit, as it becomes
 * available), the first of an interchangeable pair; -1 if none. A foundation of k cards ends in rank k.
 */
export function foundationFor(len: Uint8Array, c: Card): number {
  const s = suitOf(c);
  const r = rankOf(c);
  if (len[FOUNDATION + s]! + 1 === r) return FOUNDATION + s;
  return len[FOUNDATION + s + 4]! + 1 === r ? FOUNDATION + s + 4 : -1;
}

/** N1: the most cards that may leave packet p as a unit: one, or with groupMoves its same-suit descending run. */
export function movableRun(t: Table, p: number, groupMoves: boolean): number {
  return groupMoves ? runLength(t, p) : 1;
}

/**
 * N2, engine note: the place a fill goes to, given `filled` (bit i: packet i holds cards; all twelve bits set:
 * none is empty): the first empty one, or -1. Only the current card and the talon top fill it (N2, N3).
 */
export function placeToFill(filled: number): number {
  return filled === ALL_PACKETS ? -1 : PACKET + lowestBit(~filled);
}

/**
 * N9: the place in the deck of the card laid j-th from the bottom of packet i, `per` cards to a packet: the
 * packet's cards consecutive (dealOrder=packets), or a card to each packet in turn, row by row (dealOrder=rows).
 */
export function dealtAt(i: number, j: number, per: number, rows: boolean): number {
  return rows ? j * PACKETS + i : i * per + j;
}

/**
 * N10: the pile a card turned from the stock goes to: held as the current card (turnedCard=held), or laid on
 * the talon at once (turnedCard=talon, PySolFC's one-card waste), where only the talon top is available.
 */
export function turnTarget(onTalon: boolean): number {
  return onTalon ? TALON : CURRENT;
}

/**
 * N2, N11, N12: whether the top of pile p (or, from a packet, a run) may fill a space: the current card or the
 * talon top always; with spaces=any a packet's too, and with returns=free a foundation's.
 */
export function fillsFrom(p: number, anyCard: boolean, returns: boolean): boolean {
  if (p === CURRENT || p === TALON) return true;
  if (p >= PACKET && p < STOCK) return anyCard;
  return p >= FOUNDATION && p < FOUNDATION + 8 && anyCard && returns;
}

/**
 * N11: the kind of move a fill is made as: with spaces=outside a fill (N2), the refill choice of the shared code;
 * with spaces=any a marriage into the empty place, which a player may decline and stop instead, since in PySolFC's
 * game a space is filled only by the player's own move (its rows take any run and it fills none itself).
 */
export function fillKind(anyCard: boolean): number {
  return anyCard ? MoveKind.Marry : MoveKind.Fill;
}

/**
 * N12, engine note: whether the top of foundation f may come back (returns=free), onto a packet or into a space:
 * it holds a card and, of two foundations of one suit showing the same top, it is the first.
 */
export function returnable(len: Uint8Array, f: number): boolean {
  if (len[f] === 0) return false;
  return f < FOUNDATION + 4 || len[f - 4] !== len[f];
}

/**
 * N2, N3: whether turning the stock turns up an unseen card: while it holds cards (with the stock out a turn
 * only sends the current card to the talon). No other move does: the square is face up, and an emptied place
 * waits for a fill (N2).
 */
export function turnReveals(len: Uint8Array): boolean {
  return len[STOCK] !== 0;
}
