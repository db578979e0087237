// Les Petits Paquets' rulings that more than one view reads (the moves, the legality check, the views of the
// position, the picture), each coded once here; index.ts maps every ruling id to the one place that codes it.
// The foundations, the exchange (P9) and the loan's repayment (P13) are core/updown.ts UpDownFoundations.

import type { Table } from '../../core/table.js';
import type { UpDownFoundations } from '../../core/updown.js';
import { LAYOUT, Phase, VARS } from './layout.js';

const PACKET = LAYOUT.first.packet; // docs/DEVELOPING.md, V8
const EXILES = LAYOUT.first.exiles;
const PHASE = VARS.index.phase;
const DEAL = VARS.index.deal;

/**
 * P1, available: the top cards of packets 1-12 and every card of packet 13, whose places hold one card each:
 * the piles `first` to `end` - 1.
 */
export const SOURCES = { first: PACKET, end: LAYOUT.end.spread } as const;

/** P1: whether pile p's top card is available (a packet 1-12, or a place of packet 13). */
export function isSource(p: number): boolean {
  return p >= SOURCES.first && p < SOURCES.end;
}

/** P12: whether the chain card fits both piles of its suit and waits for the player's choice; only it moves then. */
export function choosing(t: Table): boolean {
  return t.vars[PHASE] === Phase.Choose;
}

/** P11: the re-deals, each exiling afresh. */
export const REDEALS = 2;

/** P10, P11, P14: a re-deal is taken once the Exiles are used, while one is left and the game is not won. */
export function canRedeal(t: Table, fd: UpDownFoundations): boolean {
  return t.size(EXILES) === 0 && t.vars[DEAL]! < REDEALS && !fd.complete(t);
}
