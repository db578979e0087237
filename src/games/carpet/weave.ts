// The basket weave and rule II's availability (K1): which carpet cards lie vertical, and when a card's narrow end
// is free. freeRows gives the available cells of the whole carpet, by bit arithmetic, for every view of a position
// (legal moves, available and visible cards, and under clearLane what a removal releases); under adjacent a
// removal releases just the cards whose narrow end faces the emptied cell (state.ts's uncovers, depths.ts's
// chains). endFree reads K1 straight from the rules, walking from one card to its ends, for the independent check
// of a move.

import { highestBit as highestBitOf, lowestBit as lowestBitOf } from '../../core/bits.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, SIZES } from './layout.js';

const SIDE = SIZES.side;
const CARPET = LAYOUT.first.carpet;
// The bit helpers as consts of this module, for the loop below (see SIZES in layout.ts).
const lowestBit = lowestBitOf;
const highestBit = highestBitOf;

/** The vertical cells of row index i (row i+1): where r + c is even; the others lie horizontal. */
const VERTICAL: readonly number[] = Array.from({ length: SIDE }, (_, i) => (i % 2 === 0 ? 0x55 : 0xaa));

/** Whether the card in row index i, column index b lies vertical (narrow ends up and down). */
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

/** K1 read straight from the rules, walking from carpet cell k (0..63) of table t to its narrow ends. */
export function endFree(t: Table, k: number, clearLane: boolean): boolean {
  const r = Math.floor(k / SIDE) + 1;
  const c = (k % SIDE) + 1;
  const vertical = (r + c) % 2 === 0;
  const dr = vertical ? 1 : 0;
  const dc = vertical ? 0 : 1;
  for (let sign = -1; sign <= 1; sign += 2) {
    let rr = r + sign * dr;
    let cc = c + sign * dc;
    let clear = true;
    while (rr >= 1 && rr <= SIDE && cc >= 1 && cc <= SIDE) {
      if (t.size(CARPET + (rr - 1) * SIDE + cc - 1) > 0) {
        clear = false;
        break;
      }
      if (!clearLane) break; // adjacent: only the cell the end faces
      rr += sign * dr;
      cc += sign * dc;
    }
    if (clear) return true;
  }
  return false;
}
