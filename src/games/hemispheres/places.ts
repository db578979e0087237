// The Hemispheres' hot cache, a part the state holds (`this.places`): it memoises, from the places' tops and
// the rulings H1 and H3 (rules.ts belongs, takes), which places are live or dead and which faces each live
// top takes. It is kept current by the table's version: the state watches the places (Table.watch), and the
// cache is worked out again only when that version has changed since the last scan.

import { PacketTops } from '../../core/packets.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';
import { belongs, takes } from './rules.js';

const RACE = LAYOUT.first.place; // R1..R12 at RACE + 0..11
const PLACES = LAYOUT.count.place;

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
