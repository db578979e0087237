// The Sultan's picture: the Divan's two columns either side of the square; each foundation shows its base and
// top card.

import { showCard } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { FIRST, VARS } from './layout.js';

const F = FIRST.foundation;
const SULTAN = FIRST.sultan;

/** The plate's square, row by row: K\u2663 A\u2665 K\u2663 / K\u2666 K\u2665* K\u2666 / K\u2660 K\u2665 K\u2660. */
const SQUARE: readonly (readonly number[])[] = [
  [F, F + 1, F + 2],
  [F + 3, SULTAN, F + 4],
  [F + 5, F + 6, F + 7],
];

/** The position with a Divan of `cells` cells, in a game of `redeals` re-deals. */
export function drawSultan(t: Table, cells: number, redeals: number): string {
  const half = cells / 2;
  const cell = (i: number) => {
    const p = FIRST.divan + i;
    return `${String(i + 1).padStart(2)} ${t.size(p) > 0 ? showCard(t.top(p)) : '..'}`;
  };
  const place = (p: number) => {
    if (p === SULTAN) return `${showCard(t.at(SULTAN, 0))} Sultan`;
    return `${showCard(t.at(p, 0))} ${t.size(p) > 1 ? showCard(t.top(p)) : '--'}`;
  };
  const lines = ['Divan    the square (base, top card; the Sultan takes none)    Divan'];
  for (let row = 0; row < half; row++) {
    const square = row < 3 ? SQUARE[row]!.map((p) => place(p).padEnd(11)).join(' ') : ' '.repeat(35);
    lines.push(`${cell(row)}     ${square}   ${cell(half + row)}`.trimEnd());
  }
  const current = t.size(FIRST.current) ? showCard(t.top(FIRST.current)) : 'none';
  const talon = t.size(FIRST.talon) ? `${showCard(t.top(FIRST.talon))} (${t.size(FIRST.talon)} cards)` : 'empty';
  lines.push(
    `current card ${current}   talon ${talon}   stock ${t.size(FIRST.stock)}   deal ${t.vars[VARS.index.redeals]! + 1} of ${redeals + 1}`,
  );
  return lines.join('\n');
}
