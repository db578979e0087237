// The Zodiac's picture: the ring of 24 as a rectangle (8 across the top, 4 down the right, 8 back along the
// bottom, 4 up the left), with the ace piles, the Equator and the king piles inside it.

import { showCard } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, Phase, VARS } from './layout.js';
import { placedThisPass } from './rules.js';

const UP = LAYOUT.first.up;
const DOWN = LAYOUT.first.down;
const EQUATOR = LAYOUT.first.equator;
const ZODIAC = LAYOUT.first.zodiac;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const { phase: PHASE, pass: PASS } = VARS.index;

/** A text picture of the position. */
export function drawZodiac(t: Table): string {
  const cell = (p: number) => {
    const size = t.size(p);
    return (size === 0 ? '..' : showCard(t.top(p)) + (size > 1 ? `+${size - 1}` : '')).padEnd(6);
  };
  const blank = ' '.repeat(6);
  const grid: string[][] = Array.from({ length: 6 }, () => Array<string>(10).fill(blank));
  for (let i = 0; i < 8; i++) grid[0]![1 + i] = cell(ZODIAC + i); // 1-8 along the top
  for (let i = 0; i < 4; i++) grid[1 + i]![9] = cell(ZODIAC + 8 + i); // 9-12 down the right
  for (let i = 0; i < 8; i++) grid[5]![8 - i] = cell(ZODIAC + 12 + i); // 13-20 back along the bottom
  for (let i = 0; i < 4; i++) grid[4 - i]![0] = cell(ZODIAC + 20 + i); // 21-24 up the left
  for (let s = 0; s < 4; s++) grid[1]![3 + s] = cell(UP + s);
  for (let e = 0; e < 8; e++) grid[2]![1 + e] = cell(EQUATOR + e);
  for (let s = 0; s < 4; s++) grid[3]![3 + s] = cell(DOWN + s);
  const lines = [
    'the Zodiac 1-24 clockwise from the top left; inside: ace piles, the Equator, king piles (top card, +cards beneath)',
  ];
  lines.push(...grid.map((row) => row.join('').trimEnd()));
  const piles: string[] = [];
  for (let z = 0; z < 24; z++) {
    const size = t.size(ZODIAC + z);
    if (size > 1)
      piles.push(`${z + 1}: ${Array.from({ length: size }, (_, i) => showCard(t.at(ZODIAC + z, i))).join(' ')}`);
  }
  if (piles.length > 0) lines.push(`zodiac piles (bottom to top)  ${piles.join('   ')}`);
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  const phase =
    t.vars[PHASE] === Phase.Placing
      ? `phase 1, pass ${t.vars[PASS]}${placedThisPass(t) ? '' : ', nothing placed yet this pass'}`
      : 'phase 2';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}   [${phase}]`);
  return lines.join('\n');
}
