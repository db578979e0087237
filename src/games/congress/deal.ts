// The Congress's deal and refill phase (G1, G3, G4, G6, G7): the rows dealt, the holes they leave, and the
// compulsory refills that close them.
//
// A hole can only lie below every card of its column (the rules card's engine notes), so a column's holes are
// its rows below its last card: column j has a hole exactly when it holds fewer cards than the rows dealt.

import type { Table } from '../../core/table.js';
import { LAYOUT, VARS } from './layout.js';

const HELP = LAYOUT.first.help; // help place k (1..8) at HELP + k - 1 (docs/DEVELOPING.md, V8)
const DEAL_HELPS = LAYOUT.count.help; // help places during the deal (G3)
const RIVER = LAYOUT.first.river; // river column j (1..8) at RIVER + j - 1
const COLUMNS = LAYOUT.count.river;
const STOCK = LAYOUT.first.stock;
const ROWS = VARS.index.rows;
const LAST = VARS.index.last;

/** G6: deal the next river row left to right, 8 cards or what the stock has left. */
export function dealRow(t: Table): void {
  let dealt = 0;
  for (let j = 0; j < COLUMNS && t.size(STOCK) > 0; j++, dealt++) t.move(STOCK, RIVER + j);
  t.set(ROWS, t.vars[ROWS]! + 1);
  t.set(LAST, dealt);
}

/**
 * G7 (with G1, G3): the refill phase. River holes uppermost row first, left to right within a row, then the
 * empty help places 1-4, each from the stock; when the stock runs out, the holes left stay empty (G4).
 */
export function refill(t: Table): void {
  const len = t.len;
  const rows = t.vars[ROWS]!;
  let top = rows;
  for (let j = 0; j < COLUMNS; j++) top = Math.min(top, len[RIVER + j]!);
  // Row i's hole in column j is there exactly when the column holds i - 1 cards once the rows above are refilled.
  for (let i = top + 1; i <= rows; i++) {
    for (let j = 0; j < COLUMNS; j++) {
      if (len[RIVER + j] !== i - 1) continue;
      if (len[STOCK] === 0) return;
      t.move(STOCK, RIVER + j);
    }
  }
  for (let k = 0; k < DEAL_HELPS; k++) {
    if (len[HELP + k] !== 0) continue;
    if (len[STOCK] === 0) return;
    t.move(STOCK, HELP + k);
  }
}

/** Whether a river hole or an empty help place 1-4 waits for the refill phase (only asked while dealing). */
export function holeOpen(t: Table): boolean {
  const len = t.len;
  const rows = t.vars[ROWS]!;
  for (let j = 0; j < COLUMNS; j++) if (len[RIVER + j]! < rows) return true;
  for (let k = 0; k < DEAL_HELPS; k++) if (len[HELP + k] === 0) return true;
  return false;
}
