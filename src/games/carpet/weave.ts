// K1 read straight from the rules, for the independent check of a move (state.ts's legalMove): walking from one
// carpet card to its narrow ends. Every other view reads K1 from rules.ts's freeRows, by bit arithmetic.

import type { Table } from '../../core/table.js';
import { LAYOUT, SIZES } from './layout.js';

const SIDE = SIZES.side;
const CARPET = LAYOUT.first.carpet;

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
