// Napoleon's Square's kings note (N5, N7, N8): when both kings of a suit block lower cards of it in the square.

import { rankOf, suitOf } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const PACKET = LAYOUT.first.packet;
const PACKETS = LAYOUT.count.packet;

/** N5, N7: whether both kings of suit s lie in packets, each above a lower card of suit s. */
export function kingsBlock(t: Table, s: number): boolean {
  let blocking = 0;
  for (let p = PACKET; p < PACKET + PACKETS; p++) {
    let lower = false; // a lower card of suit s lies beneath, so far up the packet
    for (let i = 0; i < t.size(p); i++) {
      const c = t.at(p, i);
      if (suitOf(c) !== s) continue;
      if (rankOf(c) === 13) blocking += lower ? 1 : 0;
      else lower = true;
    }
  }
  return blocking === 2;
}

/** The first suit whose kings both block lower cards of it (N5), or -1. */
export function blockingSuit(t: Table): number {
  for (let s = 0; s < 4; s++) if (kingsBlock(t, s)) return s;
  return -1;
}

/**
 * N5 slipUnder: the king of suit s in the lower-numbered packet, or the upper of two in one packet, to the
 * bottom; `scratch` holds a packet (8 cards).
 */
export function slipUnder(t: Table, s: number, scratch: Uint8Array): void {
  for (let p = PACKET; p < PACKET + PACKETS; p++) {
    let at = -1;
    for (let i = 0; i < t.size(p); i++) if (suitOf(t.at(p, i)) === s && rankOf(t.at(p, i)) === 13) at = i; // the upper
    if (at < 0) continue;
    const n = t.size(p);
    scratch[0] = t.at(p, at);
    for (let i = 0, j = 1; i < n; i++) if (i !== at) scratch[j++] = t.at(p, i);
    t.reorder(p, scratch);
    return;
  }
}
