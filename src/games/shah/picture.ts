// The Shah's picture: the star drawn on a character grid, ray 1 up, rays clockwise, each place a 5-column cell.

import { showCard } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, VARS } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation;
const INNER = LAYOUT.first.inner;
const MIDDLE = LAYOUT.first.middle;
const OUTER = LAYOUT.first.outer;
const RAYS = LAYOUT.count.outer;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first['current card'];
const TALON = LAYOUT.first.talon;
const PHASE = VARS.index.phase;

/** S15: the Shah, whose suit does not matter, shown as the king of hearts. */
const SHAH = 'K\u2665';

const RAY_DX = [0, 1, 1, 1, 0, -1, -1, -1];
const RAY_DY = [-1, -1, 0, 1, 1, 1, 0, -1];

/** The position as text: the star, the outer piles, the outside cards and the phase. */
export function drawStar(t: Table): string {
  const phase = t.vars[PHASE]!;
  const width = 64;
  const height = 17;
  const grid = Array.from({ length: height }, () => Array<string>(width).fill(' '));
  const cx = 29; // the Shah; the outer places lie 28 columns and 8 rows away
  const cy = 8;
  const write = (x: number, y: number, text: string) => {
    for (let i = 0; i < text.length; i++) grid[y]![x + i] = text[i]!;
  };
  write(cx, cy, SHAH);
  for (let r = 0; r < RAYS; r++) {
    const cells = [
      showCard(t.top(FOUNDATION + r)),
      t.size(INNER + r) ? showCard(t.top(INNER + r)) : '..',
      t.size(MIDDLE + r) ? showCard(t.top(MIDDLE + r)) : '..',
      t.size(OUTER + r)
        ? showCard(t.top(OUTER + r)) + (t.size(OUTER + r) > 1 ? `+${t.size(OUTER + r) - 1}` : '')
        : '..',
    ];
    for (let k = 0; k < 4; k++) write(cx + RAY_DX[r]! * (k + 1) * 7, cy + RAY_DY[r]! * (k + 1) * 2, cells[k]!);
  }
  const lines = [
    'rays 1-8 clockwise from the top; outwards: foundation, inner, middle, outer (top card, +cards beneath)',
  ];
  lines.push(...grid.map((row) => row.join('').trimEnd()));
  const piles: string[] = [];
  for (let r = 0; r < RAYS; r++) {
    const size = t.size(OUTER + r);
    if (size > 1)
      piles.push(`${r + 1}: ${Array.from({ length: size }, (_, i) => showCard(t.at(OUTER + r, i))).join(' ')}`);
  }
  if (piles.length > 0) lines.push(`outer piles (bottom to top)  ${piles.join('   ')}`);
  const phaseName = [
    'deal pause after circle 1',
    'deal pause after circle 2',
    'free moves',
    'choose a refill source',
    'turn next',
  ][phase];
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}   [${phaseName}]`);
  return lines.join('\n');
}
