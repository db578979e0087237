// The Zodiac's hot cache, a part the state holds (`this.marriages`): which Zodiac tops take which faces in a
// marriage (Z4: same suit, one higher or one lower, no wrap). It memoises the ring's tops and is kept current by
// table.version, which watches the Zodiac's piles: `add` scans again only when the version has moved.
// legalMoves reads it; legalMove checks a marriage independently, card on card (sameSuitEither).

import { NO_CARD, faceOf } from '../../core/card.js';
import { lowestBit, withoutLowest } from '../../core/bits.js';
import { MoveKind, makeMove } from '../../core/move.js';
import { takesDown, takesUp } from '../../core/packets.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const ZODIAC = LAYOUT.first.zodiac;
const RING = LAYOUT.count.zodiac;

/** Z4: the marriages onto the Zodiac's tops (no A-K wrap), derived from the ring while table.version === scanned. */
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
      const down = takesDown(c); // Z4: -1 for an ace, nothing below it
      const up = takesUp(c); // and for a king, nothing above it
      if (down >= 0) takers[down]! |= 1 << z;
      if (up >= 0) takers[up]! |= 1 << z;
    }
    this.scanned = t.version;
  }
}
