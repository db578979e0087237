// The Hemispheres' picture: the ring of places round the cross of foundations, as in the plate.

import { showCard } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, RACE_NAMES } from './layout.js';
import { belongs } from './rules.js';

const FOUNDATION = LAYOUT.first.foundation;
const RACE = LAYOUT.first.place; // R1..R12 at RACE + 0..11
const PLACES = LAYOUT.count.place;
const BARRIER = LAYOUT.first.barrier;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;

// Ring cells hold [column, row]; the barriers sit at the ends of the cross, the equator runs from the king of
// hearts (west) to the king of diamonds (east).
const PLACE_AT: ReadonlyArray<readonly [number, number]> = [
  [4, 4],
  [10, 2],
  [20, 1], // European R1-R3
  [44, 1],
  [54, 2],
  [60, 4], // Asiatic R4-R6
  [60, 7],
  [54, 9],
  [44, 10], // Australian R7-R9
  [20, 10],
  [10, 9],
  [4, 7], // African R10-R12
];
const BARRIER_AT: ReadonlyArray<readonly [number, number]> = [
  [0, 5],
  [33, 0],
  [66, 5],
  [33, 11],
];

/** The position as the plate lays it out, with the piles and the stock below. */
export function drawHemispheres(t: Table): string {
  const grid = Array.from({ length: 12 }, () => Array<string>(76).fill(' '));
  const write = (x: number, y: number, text: string) => {
    for (let i = 0; i < text.length; i++) grid[y]![x + i] = text[i]!;
  };
  const cell = (p: number, i: number) => {
    const size = t.size(p);
    if (size === 0) return '..';
    const top = showCard(t.top(p));
    if (!belongs(t.top(p), i)) return `(${top})`; // a wrong-colour card, dead (H3)
    return size > 1 ? `${top}+${size - 1}` : top;
  };
  for (let i = 0; i < PLACES; i++) write(PLACE_AT[i]![0], PLACE_AT[i]![1], `R${i + 1} ${cell(RACE + i, i)}`);
  for (let b = 0; b < 4; b++) {
    const [x, y] = BARRIER_AT[b]!;
    write(x, y, t.size(BARRIER + b) ? `[${showCard(t.top(BARRIER + b))}]` : '[  ]');
  }
  write(5, 5, '- '.repeat(9) + 'equator' + ' -'.repeat(9));
  // The cross: red foundations in the northern arm, black in the southern.
  const f = (k: number) => showCard(t.top(FOUNDATION + k));
  write(30, 2, `${f(2)} ${f(3)}`); // hearts up
  write(30, 4, `${f(4)} ${f(5)}`); // diamonds up
  write(30, 7, `${f(0)} ${f(1)}`); // spades down
  write(30, 9, `${f(6)} ${f(7)}`); // clubs down
  const lines = ['North: red cards; South: black cards. (x) a wrong-colour card; +n cards beneath; foundations in the'];
  lines.push('cross: hearts and diamonds up (north arm), spades and clubs down (south arm); barriers in brackets.');
  lines.push(...grid.map((row) => row.join('').trimEnd()));
  lines.push(`Races: ${RACE_NAMES.map((r, k) => `${r} R${3 * k + 1}-R${3 * k + 3}`).join(', ')}`);
  const piles: string[] = [];
  for (let i = 0; i < PLACES; i++) {
    const size = t.size(RACE + i);
    if (size > 1)
      piles.push(`R${i + 1}: ${Array.from({ length: size }, (_, k) => showCard(t.at(RACE + i, k))).join(' ')}`);
  }
  if (piles.length > 0) lines.push(`piles (bottom to top)  ${piles.join('   ')}`);
  const current = t.size(CURRENT) ? showCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON) ? `${showCard(t.top(TALON))} (${t.size(TALON)} cards)` : 'empty';
  lines.push(`current card ${current}   talon ${talon}   stock ${t.size(STOCK)}`);
  return lines.join('\n');
}
