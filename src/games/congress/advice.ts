// The Congress: greedy's priorities from Lady Cadogan's text (C1914, RULES.md 13). Where a rule below does not
// speak, the generic rules (players/greedy.ts) score the move.
//
//  1. "After dealing each row, pause and examine the tableau, playing and marrying all suitable cards": marry a
//     river card onto a help whenever it buries no card needed sooner: FROM_RIVER. The hole it leaves is refilled from
//     the pack while the deal lasts, and after that the card above it is released.
//  2. A help top onto another help, likewise, but only when it empties its help (a vacancy the pack refills, or
//     a place free for a river card once the pack is out) or uncovers a card that fits a foundation: MARRY_FREES; else
// NOT_NOW,
//     so that a card is never married back and forth between two equal helps.
//  3. New helps once the pack is out: "not obliged to place the four new helps at once, but only as they are
//     required, and it is best to keep one or two of the spaces free, so as to receive any card from the rivers
//     which ... is found to block a card much needed". A river card goes to a new help when the card it blocks
//     fits a foundation now (much needed), or, while more than two places are free, when that card can at once
//     be married onto a help (required): GRACE_FREES + the moved card's need, so the card wanted last is the one
//     moved. Otherwise NOT_NOW: the places are kept.

import { GRACE_FREES, GRACE_NEED_CAP, MARRY_FREES, NOT_NOW } from '../../core/advice.js';
import { NO_CARD, type Card } from '../../core/card.js';
import type { Advice, GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import { LAYOUT } from './layout.js';
import { marries } from './rules.js';

const HELP = LAYOUT.first.help; // help place k (1..8) at HELP + k - 1 (docs/DEVELOPING.md, V8)
const MAX_HELPS = LAYOUT.end.newHelp - HELP; // help places once the stock is exhausted (G5)
const STOCK = LAYOUT.first.stock;

/** Rule 1: a river card onto a help, between a marriage from outside and one that frees. */
const FROM_RIVER = MARRY_FREES + 10;

/** Places kept free for a card that blocks one much needed (the text's "one or two"). */
const KEPT_FREE = 2;

/** Whether pile p is a help place. */
function isHelp(p: number): boolean {
  return p >= HELP && p < HELP + MAX_HELPS;
}

/** Whether card c can be married onto some help top now (G2). */
function marriable(state: GameState, c: Card): boolean {
  const t = state.table;
  for (let p = HELP; p < HELP + MAX_HELPS; p++) if (marries(c, t.top(p))) return true;
  return false;
}

/** The Congress advice (rules 1-3 above). */
export const congressAdvice: Advice = (state: GameState, m: Move) => {
  const t = state.table;
  const from = fromOf(m);
  const kind = kindOf(m);
  if (kind === MoveKind.Marry) {
    const card = t.top(from);
    if (state.need(t.top(toOf(m))) < state.need(card)) return NOT_NOW; // it would bury a card needed sooner
    if (!isHelp(from)) return FROM_RIVER; // rule 1: from the rivers
    if (t.size(from) === 1) return MARRY_FREES; // rule 2: the help is emptied
    const under = state.uncovers(from, 1);
    return under !== NO_CARD && state.need(under) === 0 ? MARRY_FREES : NOT_NOW;
  }
  if (kind === MoveKind.Grace) {
    if (t.size(STOCK) > 0) return undefined;
    const released = state.uncovers(from, 1);
    if (released === NO_CARD) return NOT_NOW; // it blocks nothing
    let free = 0;
    for (let p = HELP; p < HELP + MAX_HELPS; p++) if (t.size(p) === 0) free++;
    const moved = Math.min(state.need(t.top(from)), GRACE_NEED_CAP);
    if (state.need(released) === 0) return GRACE_FREES + moved; // much needed: a kept place may take it
    if (free > KEPT_FREE && marriable(state, released)) return GRACE_FREES + moved; // required
    return NOT_NOW;
  }
  return undefined;
};
