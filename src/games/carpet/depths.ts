// The cache of how deep each carpet card lies (for visibleCards), a part the state holds: it memoises how many
// carpet cards lie in front of each, from the available cells (K1, available.ts) and the weave. It is kept up to
// date by the table's version, which watches the carpet (available.ts): sync() works the depths out afresh when
// the version differs from the one they were worked out at.

import { lowestBit, popcount, withoutLowest } from '../../core/bits.js';
import type { Table } from '../../core/table.js';
import type { AvailableCells } from './available.js';
import { LAYOUT, SIZES, VARS } from './layout.js';
import { isVertical } from './rules.js';

const CELLS = SIZES.cells;
const SIDE = SIZES.side;
const CARPET = LAYOUT.first.carpet;
const ROWS = VARS.index.rows;

/** The depth of each carpet card of one state. */
export class CarpetDepths {
  /** By cell: the carpet cards in front of its card (occupied cells only); valid after sync(). */
  readonly depths = new Uint8Array(CELLS);
  private scanned = -1; // the table version depths were worked out for
  private readonly queue = new Uint8Array(CELLS);

  constructor(private readonly clearLane: boolean) {}

  /**
   * Bring the depths up to date with table t. adjacent: exactly the fewest cards to take away before a card is
   * available (a chain of cards each lying across the narrow end of the next). clearLane: the occupied cells of
   * its emptier lane, a lower bound (cards across the lane may need more taken first).
   */
  sync(t: Table, cells: AvailableCells): void {
    if (t.version === this.scanned) return;
    cells.sync(t);
    if (this.clearLane) this.lanes(t.vars);
    else this.chains(t, cells.free);
    this.scanned = t.version;
  }

  /** clearLane: the occupied cells of each card's emptier lane. */
  private lanes(rows: Int32Array): void {
    for (let k = 0; k < CELLS; k++) {
      const i = Math.floor(k / SIDE);
      const b = k % SIDE;
      if ((rows[ROWS + i]! & (1 << b)) === 0) continue;
      let before = 0;
      let after = 0;
      if (isVertical(i, b)) {
        for (let j = 0; j < SIDE; j++) {
          if (j === i || (rows[ROWS + j]! & (1 << b)) === 0) continue;
          if (j < i) before++;
          else after++;
        }
      } else {
        const x = rows[ROWS + i]!;
        before = popcount(x & ((1 << b) - 1));
        after = popcount(x >> (b + 1));
      }
      this.depths[k] = Math.min(before, after);
    }
  }

  /** adjacent: breadth first from the available cards; a card whose end faces a card of depth d has depth <= d + 1. */
  private chains(t: Table, free: Uint8Array): void {
    const depths = this.depths;
    depths.fill(255);
    const queue = this.queue;
    let head = 0;
    let tail = 0;
    for (let i = 0; i < SIDE; i++) {
      for (let m = free[i]!; m !== 0; m = withoutLowest(m)) {
        const k = i * SIDE + lowestBit(m);
        depths[k] = 0;
        queue[tail++] = k;
      }
    }
    while (head < tail) {
      const k = queue[head++]!;
      const i = Math.floor(k / SIDE);
      const b = k % SIDE;
      const d = depths[k]! + 1;
      // A vertical card lies across the ends of the horizontal cards beside it, and the other way round.
      const vertical = isVertical(i, b);
      for (let sign = -1; sign <= 1; sign += 2) {
        const ii = vertical ? i : i + sign;
        const bb = vertical ? b + sign : b;
        if (ii < 0 || ii >= SIDE || bb < 0 || bb >= SIDE) continue;
        const j = ii * SIDE + bb;
        if (depths[j] !== 255 || t.size(CARPET + j) === 0) continue;
        depths[j] = d;
        queue[tail++] = j;
      }
    }
  }
}
