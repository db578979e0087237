// The Constitution's picture: the Government (foundations) on top, then the rows from the Privy Council down
// to the People (top card, +cards beneath), every pile of more than one card in full, the talon, stock and phase.

import { showCard } from '../../core/card.js';
import type { TableView } from '../../core/table-view.js';
import { LAYOUT, Phase, ROWS, VARS, WIDTH, rowStart } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation;
const PEOPLE = LAYOUT.first.people;
const LAYOUT_END = LAYOUT.end.privy;
const STOCK = LAYOUT.first.stock;
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;
const VACANCY = VARS.index.vacancy;

const ROW_TITLES = ['People', 'House of Commons', 'House of Lords', 'Privy Council'];

/** A text picture of the position. */
export function drawConstitution(t: TableView): string {
  const names = LAYOUT.names;
  const lines = [
    'Government (foundations):  ' +
      Array.from({ length: 8 }, (_, f) => showCard(t.top(FOUNDATION + f))).join('  ') +
      '      Sovereign Q\u2666',
  ];
  for (let row = ROWS; row >= 1; row--) {
    const start = rowStart(row);
    const cells: string[] = [];
    for (let p = start; p < start + WIDTH; p++) {
      const size = t.size(p);
      cells.push((size === 0 ? '..' : showCard(t.top(p)) + (size > 1 ? `+${size - 1}` : '')).padEnd(6));
    }
    lines.push(`${row} ${ROW_TITLES[row - 1]!.padEnd(17)} ${cells.join('').trimEnd()}`);
  }
  const piles: string[] = [];
  for (let p = PEOPLE; p < LAYOUT_END; p++) {
    const size = t.size(p);
    if (size > 1) piles.push(`${names[p]}: ${Array.from({ length: size }, (_, i) => showCard(t.at(p, i))).join(' ')}`);
  }
  if (piles.length > 0) lines.push(`piles (bottom to top)  ${piles.join('   ')}`);
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  const phase = t.vars[PHASE] === Phase.Fill ? `fill ${names[t.vars[VACANCY]!]} from the row below` : 'free moves';
  lines.push(`talon ${talon}   stock ${t.size(STOCK)}   [${phase}]`);
  return lines.join('\n');
}
