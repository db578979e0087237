// La Duchesse de Luynes's rulings that more than one view needs (the moves, the rounds, the picture), each
// coded once here; the rules card in index.ts says which function codes which ruling.

import type { Table } from '../../core/table.js';
import { UpDownFoundations, type ExchangePolicy } from '../../core/updown.js';
import { LAYOUT, VARS } from './layout.js';

const FOUNDATION = LAYOUT.first.up;
const STOCK = LAYOUT.first.stock;
const DEAL = VARS.index.deal;
const LOAN = VARS.index.loan;

/** D4: the re-deals allowed, four deals in all. */
export const REDEALS = 3;

/**
 * D1, D5: the foundations: an up pile A..K and a down pile K..A per suit, none laid in advance, so the first ace
 * of a suit played starts its up pile and the first king its down pile; the exchange policy as the option says.
 */
export function duchesseFoundations(policy: ExchangePolicy): UpDownFoundations {
  return new UpDownFoundations(FOUNDATION, 0, 1, 13, 13, 1, policy, LOAN);
}

/** D2: whether the Discard's cards are available in table t: once the stock is out in this deal. */
export function discardOpen(t: Table): boolean {
  return t.size(STOCK) === 0;
}

/** D3: whether a round of table t's deal ends with two cards to the Discard: in every deal but the 4th. */
export function roundDiscards(t: Table): boolean {
  return t.vars[DEAL]! < REDEALS;
}

/** D4, D7: whether the player may take a re-deal in table t: the stock is out (the Discard taken up) and one is left.
 * */
export function redealAllowed(t: Table): boolean {
  return t.size(STOCK) === 0 && t.vars[DEAL]! < REDEALS;
}
