// The Carpet's rulings that more than one view needs (the moves, play, the caches, the solver's hooks), each
// coded once here; the rules card in index.ts says which function codes which ruling. weave.ts's endFree reads
// K1 straight from the rules, apart from freeRows, for the independent check of a move.

import { highestBit as highestBitOf, lowestBit as lowestBitOf } from '../../core/bits.js';
import { copyOf, rankOf, suitOf, type Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { UpDownFoundations, type ExchangePolicy } from '../../core/updown.js';
import { LAYOUT, SIZES, VARS } from './layout.js';

const SIDE = SIZES.side;
const REDEALS = SIZES.redeals;
const UP = LAYOUT.first.up;
const DOWN = LAYOUT.first.down;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const DEAL = VARS.index.deal;
const RUN = VARS.index.run;
// Imported bindings as consts of this module (docs/DEVELOPING.md, "Constants on the hot paths").
const lowestBit = lowestBitOf;
const highestBit = highestBitOf;

/**
 * K7: the foundation card c is placed on in advance, as its base, or -1: the first pack's ace of a suit starts
 * its up pile, its king its down pile, wherever they lie in the deck.
 */
export function placedInAdvance(c: Card): number {
  if (copyOf(c) !== 0) return -1;
  const rank = rankOf(c);
  return rank === 1 ? UP + suitOf(c) : rank === 13 ? DOWN + suitOf(c) : -1;
}

/**
 * K7, K6: the foundations as core/updown.ts reads them: per suit an up pile on its ace (2..K to come) and a down
 * pile on its king (Q..A), the ace or king its base, which an exchange never moves (K8); the exchange policy as
 * the option says.
 */
export function carpetFoundations(policy: ExchangePolicy): UpDownFoundations {
  return new UpDownFoundations(UP, 1, 2, 13, 12, 1, policy);
}

/**
 * K7: the rank the up pile of suit s takes next, from the piles' sizes len: an up pile of k cards (on its ace)
 * ends in rank k; 14 once complete. Read from the sizes rather than through UpDownFoundations.wants, for
 * legalMoves' hot loop (docs/decisions.md#carpet-reads-k7-sizes).
 */
export function upNext(len: Uint8Array, s: number): number {
  return len[UP + s]! + 1;
}

/** K7: the rank the down pile of suit s takes next: a down pile of k cards (on its king) ends in rank 14 - k; 0 once
 * complete. */
export function downNext(len: Uint8Array, s: number): number {
  return 13 - len[DOWN + s]!;
}

/**
 * K3, K9: the rank step a carpet card laid on talon top must make in table t: 0 when either step of one will do
 * (talonDirection=free, or no carpet card on the talon above its topmost card from the stock), else the step
 * the run's top card made on the card beneath it.
 */
export function runStep(t: Table, fixed: boolean): number {
  if (!fixed || t.vars[RUN]! === 0) return 0;
  return rankOf(t.top(TALON)) - rankOf(t.below(TALON, 1));
}

/** K5: in table t the stock is out, a re-deal remains and there are cards to re-deal. */
export function redealAllowed(t: Table): boolean {
  return t.size(STOCK) === 0 && t.vars[DEAL]! < REDEALS && t.size(TALON) + t.size(CURRENT) > 0;
}

/** The vertical cells of row index i (row i+1): where r + c is even; the others lie horizontal. */
const VERTICAL: readonly number[] = Array.from({ length: SIDE }, (_, i) => (i % 2 === 0 ? 0x55 : 0xaa));

/** The weave: whether the card in row index i, column index b lies vertical (narrow ends up and down). */
export function isVertical(i: number, b: number): boolean {
  return (VERTICAL[i]! & (1 << b)) !== 0;
}

/**
 * K1 on whole rows: from the occupied cells of each row (rows[first + i], bit c-1 for column c), write the
 * available cells of each row into out[0..8). Bit arithmetic, no walk along the lanes.
 */
export function freeRows(rows: ArrayLike<number>, first: number, clearLane: boolean, out: Uint8Array): void {
  if (!clearLane) {
    for (let i = 0; i < SIDE; i++) {
      const x = rows[first + i]!;
      const up = i > 0 ? rows[first + i - 1]! : 0; // off the carpet counts as empty
      const down = i < SIDE - 1 ? rows[first + i + 1]! : 0;
      const v = VERTICAL[i]!;
      const vertical = v & ~(up & down); // an end faces an empty cell above or below
      const horizontal = ~v & ~((x << 1) & (x >> 1)); // ... or to the left or right
      out[i] = x & (vertical | horizontal) & 0xff;
    }
    return;
  }
  let below = 0;
  for (let i = SIDE - 1; i >= 0; i--) {
    out[i] = below; // the cells occupied somewhere below, column by column
    below |= rows[first + i]!;
  }
  let above = 0;
  for (let i = 0; i < SIDE; i++) {
    const x = rows[first + i]!;
    const v = VERTICAL[i]!;
    const vertical = v & ~(above & out[i]!); // the whole lane up, or the whole lane down, is empty
    const leftTaken = x === 0 ? 0 : ~((2 << lowestBit(x)) - 1) & 0xff; // columns with an occupied cell to their left
    const rightTaken = x === 0 ? 0 : (1 << highestBit(x)) - 1; // ... to their right
    out[i] = x & (vertical | (~v & ~(leftTaken & rightTaken))) & 0xff;
    above |= x;
  }
}
