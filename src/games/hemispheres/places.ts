// The places' two rulings as functions, H3 (which tops are available) and H1 (what marries onto what), which
// the moves, the legality check and the views of the position all read; and the hot cache built from them:
// which places are live or dead and which faces each live top takes, worked out again only when the table's
// version changes.

import { isRed, type Card } from '../../core/card.js';
import { PacketTops, takesDown, takesUp } from '../../core/packets.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, inNorth } from './layout.js';

const RACE = LAYOUT.first.place; // R1..R12 at RACE + 0..11
const PLACES = LAYOUT.count.place;

/** H3: whether card c lying in place i is of its hemisphere's colour (available; else dead). */
export function belongs(c: Card, i: number): boolean {
  return isRed(c) === inNorth(i);
}

// H1 with H3, as a table by place and card: the face a top takes (a red top the red card of its suit one
// lower, a black top the black card one higher; -1: none, a dead top takes nothing).
const TAKES = new Int8Array(PLACES * 256).fill(-1);
for (let i = 0; i < PLACES; i++) {
  for (let c = 0; c < 104; c++) if (belongs(c, i)) TAKES[i * 256 + c] = isRed(c) ? takesDown(c) : takesUp(c);
}

/** H1, H3: the face that top card y of place i takes in marriage, or -1 when it takes none. */
export function takes(y: Card, i: number): number {
  return TAKES[i * 256 + y]!;
}

/** The places as the moves read them; the state must watch the places (Table.watch) for the cache to hold. */
export class PlaceScan {
  /** H1, H3: the faces each place's top takes; a wrong-colour top takes none. */
  readonly tops = new PacketTops(RACE, PLACES, takes);
  /** Bit i: place i holds a wrong-colour card (always alone, H4). */
  dead = 0;
  /** Bit i: place i's top is available (H3). */
  live = 0;
  /** The table version the cache holds (legalMoves checks it in line, to keep its inlining budget for itself). */
  scanned = -1;

  /** Bring the cache up to date with the table (worked out again only when t.version has changed). */
  update(t: Table): void {
    if (t.version !== this.scanned) this.scan(t);
  }

  /** Work the cache out afresh. */
  scan(t: Table): void {
    this.tops.update(t);
    let dead = 0;
    let live = 0;
    for (let i = 0; i < PLACES; i++) {
      if (t.size(RACE + i) === 0) continue;
      if (belongs(t.top(RACE + i), i)) live |= 1 << i;
      else dead |= 1 << i;
    }
    this.dead = dead;
    this.live = live;
    this.scanned = t.version;
  }
}
