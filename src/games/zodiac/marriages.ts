// The Zodiac's hot cache: which Zodiac tops take which faces in marriage (Z4), worked out again only when the
// ring changes (table.version watches the Zodiac's piles). legalMoves reads it; legalMove checks a marriage
// independently, card on card (sameSuitEither).

import { NO_CARD, faceOf } from '../../core/card.js';
import { lowestBit, withoutLowest } from '../../core/bits.js';
import { MoveKind, makeMove } from '../../core/move.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const ZODIAC = LAYOUT.first.zodiac;
const RING = LAYOUT.count.zodiac;

/** The marriages onto the Zodiac's tops, derived from the ring while table.version === scanned. */
export class Marriages {
  private scanned = -1;
  private readonly takers = new Int32Array(53); // bit z: Zodiac pile z's top takes this face in marriage

  /** Add the marriages of pile p's top card onto the Zodiac tops (Z4) to out from index n; returns the new n. */
  add(t: Table, out: Int32Array, n: number, p: number): number {
    const c = t.top(p);
    if (c === NO_CARD) return n;
    if (t.version !== this.scanned) this.scan(t);
    let mask = this.takers[faceOf(c)]!;
    while (mask !== 0) {
      const z = lowestBit(mask);
      mask = withoutLowest(mask);
      out[n++] = makeMove(MoveKind.Marry, p, ZODIAC + z);
    }
    return n;
  }

  /** Which Zodiac tops take which faces in marriage. */
  private scan(t: Table): void {
    this.takers.fill(0);
    const takers = this.takers;
    for (let z = 0; z < RING; z++) {
      const c = t.top(ZODIAC + z);
      if (c === NO_CARD) continue;
      const f = faceOf(c);
      const r = f % 13; // rank - 1
      if (r > 0) takers[f - 1]! |= 1 << z; // Z4: nothing below the ace
      if (r < 12) takers[f + 1]! |= 1 << z; // nor above the king
    }
    this.scanned = t.version;
  }
}
