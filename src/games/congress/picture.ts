// The Congress's picture: the rivers row by row (8 columns, holes as .., the available lowest card of each
// column marked with *), the helps below them (top card / size), then the foundations, the stock and the phase.

import { showCard } from '../../core/card.js';
import type { TableView } from '../../core/table-view.js';
import { LAYOUT, VARS } from './layout.js';

const FOUNDATION = LAYOUT.first.foundation;
const HELP = LAYOUT.first.help; // help place k (1..8) at HELP + k - 1
const DEAL_HELPS = LAYOUT.count.help; // help places during the deal (G3)
const MAX_HELPS = LAYOUT.end.newHelp - HELP; // help places once the stock is exhausted (G5)
const RIVER = LAYOUT.first.river; // river column j (1..8) at RIVER + j - 1
const COLUMNS = LAYOUT.count.river;
const STOCK = LAYOUT.first.stock;
const ROWS = VARS.index.rows;
const LAST = VARS.index.last;

const CELL = 6;

function cell(text: string): string {
  return text.padEnd(CELL);
}

/** A text picture of the position; `holes`: a river hole or help vacancy waits for the refill phase. */
export function drawCongress(t: TableView, holes: boolean): string {
  const rows = t.vars[ROWS]!;
  const last = t.vars[LAST]!;
  const stock = t.size(STOCK);
  const lines: string[] = ['rivers, row 1 at the top (* = the available lowest card of its column, .. = a hole)'];
  lines.push(
    '        ' +
      Array.from({ length: COLUMNS }, (_, j) => cell(` ${j + 1}`))
        .join('')
        .trimEnd(),
  );
  for (let i = 1; i <= rows; i++) {
    let line = `row ${String(i).padStart(2)}  `;
    for (let j = 0; j < COLUMNS; j++) {
      const p = RIVER + j;
      const size = t.size(p);
      if (i === rows && j >= last)
        line += cell(''); // G6: never dealt in a partial last row
      else if (i <= size) line += cell((i === size ? '*' : ' ') + showCard(t.at(p, i - 1)));
      else line += cell(' ..');
    }
    lines.push(line.trimEnd());
  }
  const helpPlaces = stock > 0 ? DEAL_HELPS : MAX_HELPS;
  let helps = 'helps   ';
  for (let k = 0; k < MAX_HELPS; k++) {
    const size = t.size(HELP + k);
    const text = k >= helpPlaces ? 'xx' : size === 0 ? '--' : `${showCard(t.top(HELP + k))}/${size}`;
    helps += `${k + 1}:${text.padEnd(6)} `;
  }
  lines.push(
    helps.trimEnd() + (stock > 0 ? '   (top/size; xx: places 5-8 open once the stock is out)' : '   (top/size)'),
  );
  const foundations = Array.from({ length: 8 }, (_, f) => showCard(t.top(FOUNDATION + f)));
  lines.push(`foundations  ${foundations.slice(0, 4).join(' ')}  ${foundations.slice(4).join(' ')}`);
  const phase =
    stock === 0
      ? 'endgame: the stock is out'
      : holes
        ? `pause after row ${rows}: free moves, then the refill phase`
        : `pause after row ${rows}: no holes; free moves or deal row ${rows + 1}`;
  lines.push(`stock ${stock}   [${phase}]`);
  return lines.join('\n');
}
