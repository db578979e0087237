// Les Petits Paquets' picture: the two rows of foundations on their kings, the two rows of packets, packet 13
// spread, and the Exiles, stock and chain card.

import { showCard } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, VARS } from './layout.js';

const { up: FOUNDATION, packet: PACKET, spread: SPREAD, exiles: EXILES, stock: STOCK, chain: CHAIN } = LAYOUT.first;

/** The position, with `cards` on the foundations, in a game of `redeals` re-deals. */
export function drawPetitsPaquets(t: Table, cards: number, redeals: number): string {
  const row = (piles: number[], cell: (p: number) => string) => piles.map((p) => cell(p).padEnd(7)).join('');
  const foundation = (f: number) => (t.size(f) > 1 ? showCard(t.top(f)) : `(${showCard(t.top(f))})`);
  const packet = (p: number) => (t.size(p) > 0 ? `${showCard(t.top(p))}/${t.size(p)}` : '--');
  const range = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i);
  const spread: string[] = [];
  for (let p = SPREAD; p < LAYOUT.end.spread; p++) if (t.size(p) > 0) spread.push(showCard(t.top(p)));
  const lines = [
    'foundations on the kings; (K) = only the king; packets show top card/size',
    `up A..Q    ${row(range(FOUNDATION, 4), foundation)}`,
    `down Q..A  ${row(range(FOUNDATION + 4, 4), foundation)}`,
    `packets 1-6   ${row(range(PACKET, 6), packet)}`,
    `packets 7-12  ${row(range(PACKET + 6, 6), packet)}`,
    `packet 13     ${spread.length > 0 ? spread.join(' ') : '--'} (${spread.length} card${spread.length === 1 ? '' : 's'}, all available)`,
  ];
  const chain = t.size(CHAIN) > 0 ? `   chain card ${showCard(t.top(CHAIN))} (choose its pile)` : '';
  lines.push(
    `exiles ${t.size(EXILES)} face down   stock ${t.size(STOCK)}   deal ${t.vars[VARS.index.deal]! + 1} of ${redeals + 1}   ${cards} of 96 on the foundations${chain}`,
  );
  return lines.join('\n');
}
