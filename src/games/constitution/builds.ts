// The Constitution's hot cache, a part the state holds (`this.builds`): which tops of rows 2-4 take which faces
// in a build (alternate colour, one lower). It memoises the rows' tops and is kept current by table.version,
// which watches the four rows: `update` scans again only when the version has moved. legalMoves reads it;
// legalMove checks a build independently, card on card (altColourDown).

import { NO_CARD, faceOf, isRed, rankOf, type Card } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

// The pile numbers as this module's own constants (docs/DEVELOPING.md, "Constants on the hot paths").
const COMMONS = LAYOUT.first.commons; // row 2, the first row that takes builds
const WIDTH = LAYOUT.count.people;
const LAYOUT_END = LAYOUT.end.privy;

/** The builds onto the tops of rows 2-4, derived from the rows while table.version === scanned. */
export class BuildTakers {
  private scanned = -1;
  private readonly takers = new Uint8Array(3 * 53); // (row-2)*53 + face: bit i, pile i of that row takes the face

  /** The piles (bit i: pile i of the row) of row `row` + 2 whose tops take card c; update first. */
  onto(row: number, c: Card): number {
    return this.takers[row * 53 + faceOf(c)]!;
  }

  /** Bring the takers up to date with the rows (rescanned only when t.version has moved). */
  update(t: Table): void {
    if (t.version === this.scanned) return;
    const takers = this.takers;
    takers.fill(0);
    for (let row = 0, first = COMMONS; first < LAYOUT_END; row++, first += WIDTH) {
      for (let i = 0; i < WIDTH; i++) {
        const c = t.top(first + i);
        if (c === NO_CARD || rankOf(c) < 3) continue; // a two takes only an ace, never in the layout
        // The faces one lower of the other colour: suits 0 and 3 under a red card, 1 and 2 under a black one.
        const base = row * 53 + rankOf(c) - 2;
        const red = isRed(c);
        const bit = 1 << i;
        takers[base + (red ? 0 : 13)]! |= bit;
        takers[base + (red ? 39 : 26)]! |= bit;
      }
    }
    this.scanned = t.version;
  }
}
