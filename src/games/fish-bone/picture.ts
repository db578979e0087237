// The Fish-Bone's picture (the rules card is in index.ts).

import { showCard } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, VARS } from './layout.js';

const CURRENT = LAYOUT.first.current;
const DEAL = VARS.index.deal;
const GRID = LAYOUT.first.gridiron;
const KING = LAYOUT.first.king;
const KNAVE = LAYOUT.first.knave;
const KNAVES = LAYOUT.count.knave;
const QUEEN = LAYOUT.first.queen;
const STOCK = LAYOUT.first.stock;
const TALON = LAYOUT.first.talon;

/**
 * The gridiron (2 columns x 3 rows) on the left, the spine in the middle (each knave pile's top with its size,
 * its king to the left and its queen to the right), the talon and stock on the right.
 */
export function drawFishBone(t: Table): string {
  const cell = (p: number) => (t.size(p) === 0 ? '..' : showCard(t.top(p)));
  const pileCell = (p: number) => (t.size(p) === 0 ? '..' : `${showCard(t.top(p))}/${t.size(p)}`).padEnd(6);
  const lines = ['gridiron (top/cards)   spine, knaves in the order placed: king \\ knave pile (top/cards) / queen'];
  const right = [
    `talon ${t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty'}`,
    `current card ${t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none'}`,
    `stock ${t.size(STOCK)}`,
    `deal ${t.vars[DEAL]} of 2`,
  ];
  for (let row = 0; row < KNAVES; row++) {
    const grid = row < 3 ? ` ${pileCell(GRID + row)}  ${pileCell(GRID + 3 + row)}` : '';
    const k = KNAVE + row;
    const spine = t.size(k) === 0 ? '' : `${cell(KING + row)} \\ ${pileCell(k)} / ${cell(QUEEN + row)}`;
    lines.push(`${grid.padEnd(23)}${spine.padEnd(22)}${right[row] ?? ''}`.trimEnd());
  }
  return lines.join('\n');
}
