// The Carpet's picture: the carpet as the C1914 plate lays it out, then the foundations, the talon and the stock.

import { makeCard } from '../../core/card.js';
import type { Table } from '../../core/table.js';
import { LAYOUT, SIZES, VARS } from './layout.js';
import { isVertical } from './rules.js';

const REDEALS = SIZES.redeals;
const SIDE = SIZES.side;
const CARPET = LAYOUT.first.carpet;
const STOCK = LAYOUT.first.stock;
const CURRENT = LAYOUT.first.current;
const TALON = LAYOUT.first.talon;
const SUITS = 'SHDC';

/** The picture of table t, with `free` the available cells of each row (K1). */
export function carpetPicture(t: Table, free: Uint8Array): string {
  const lines = ['the carpet: |xx| vertical, -xx- horizontal, * available, .... empty'];
  lines.push(
    '     ' +
      Array.from({ length: SIDE }, (_, c) => `  ${c + 1}   `)
        .join('')
        .trimEnd(),
  );
  for (let i = 0; i < SIDE; i++) {
    let row = ` ${i + 1}   `;
    for (let b = 0; b < SIDE; b++) {
      const p = CARPET + i * SIDE + b;
      if (t.size(p) === 0) row += '....  ';
      else {
        const edge = isVertical(i, b) ? '|' : '-';
        row += edge + makeCard(t.top(p)) + edge + (free[i]! & (1 << b) ? '* ' : '  ');
      }
    }
    lines.push(row.trimEnd());
  }
  const pile = (f: number) => `${SUITS[f % 4]} ${t.size(f) > 0 ? makeCard(t.top(f)) : '--'}`;
  lines.push(`up piles    ${[0, 1, 2, 3].map((s) => pile(LAYOUT.first.up + s)).join('   ')}`);
  lines.push(`down piles  ${[0, 1, 2, 3].map((s) => pile(LAYOUT.first.down + s)).join('   ')}`);
  const current = t.size(CURRENT) ? makeCard(t.top(CURRENT)) : 'none';
  const talon = t.size(TALON)
    ? `${makeCard(t.top(TALON))} (${t.size(TALON)} card${t.size(TALON) === 1 ? '' : 's'})`
    : 'empty';
  lines.push(
    `current card ${current}   talon ${talon}   stock ${t.size(STOCK)}   deal ${t.vars[VARS.index.deal]! + 1} of ${REDEALS + 1}`,
  );
  return lines.join('\n');
}
