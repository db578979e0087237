// Napoleon's Square's picture: packets 1-4 up the left side, 5-8 across the top, 9-12 down the right side, the
// foundations in the middle; each packet shown by its top card and its size.

import { showCard } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation;
const PACKET = LAYOUT.first.packet;
const PACKETS = LAYOUT.count.packet;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;

/** The position as the book lays it out, then every packet bottom to top and the stock's side. */
export function drawSquare(t: Table): string {
  const cell = (i: number) => {
    const p = PACKET + i;
    const size = t.size(p);
    return (size === 0 ? '  ..  ' : `${showCard(t.top(p))}/${size}`).padEnd(6);
  };
  const f = (k: number) => showCard(t.top(FOUNDATION + k)).padEnd(3);
  const lines = ["Napoleon's Square: each packet as top card/cards in it; foundations (top card) in the middle"];
  lines.push(`        ${[4, 5, 6, 7].map((i) => `${String(i + 1).padStart(2)} ${cell(i)}`).join('  ')}`);
  const middle = ['', `${f(0)} ${f(1)} ${f(2)} ${f(3)}`, `${f(4)} ${f(5)} ${f(6)} ${f(7)}`, ''];
  for (let row = 0; row < 4; row++) {
    const left = 3 - row; // packet 4 at the top of the left side, 1 at the bottom
    const right = 8 + row;
    lines.push(
      `${String(left + 1).padStart(2)} ${cell(left)}         ${middle[row]!.padEnd(24)}      ${String(right + 1).padStart(2)} ${cell(right)}`,
    );
  }
  const piles: string[] = [];
  for (let i = 0; i < PACKETS; i++) {
    const size = t.size(PACKET + i);
    piles.push(
      `${i + 1}: ${size === 0 ? '(empty)' : Array.from({ length: size }, (_, k) => showCard(t.at(PACKET + i, k))).join(' ')}`,
    );
  }
  lines.push('packets, bottom to top:');
  for (let side = 0; side < 3; side++) lines.push(`  ${piles.slice(4 * side, 4 * side + 4).join('   ')}`);
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}`);
  return lines.join('\n');
}
