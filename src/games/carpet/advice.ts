// The Carpet: greedy's priorities from Lady Cadogan's advice (C1914, RULES.md 11). The generic rules never lay a
// card on the talon, so they never detach a carpet card except by playing it, while "the success of the game
// mainly depends on detaching cards from the carpet". Plays keep their generic scores, above these.
//
//  1. A carpet card onto the talon top when that releases another carpet card (rule II): RELEASES; RELEASES_PLAYABLE
//     when the card it releases fits a foundation at once.
//     Unless it buries a card needed sooner than itself: in the last deal never ("great care must be taken in
//     the third deal as to the placing of sequences": a run laid the wrong way cannot be undone), in the
//     earlier deals, whose talon is shuffled again, only when that card is needed within WANTED cards: NOT_NOW.
//     The text also calls laying a card "always advisable ... although at the moment the cards removed may
//     not release others", for it diminishes the carpet; that rule lost most of greedy's wins
// (docs/decisions.md#carpets-advice-leaves-out-always):
//     a free carpet card stays available whatever comes, while on the talon it is buried by the next card
//     turned. So a card that releases nothing stays in the carpet.
//  2. The current card onto the talon by itself (without turning the next card): only once the stock is out,
//     when a carpet card that releases another can then be laid on it, and in the last deal only when it
//     buries no card needed sooner: LAYS_CURRENT. While the stock lasts, turning the next card lays it there too and
// shows one more card.

import { MARRY_FREES, NOT_NOW, WANTED } from '../../core/advice.js';
import { NO_CARD, rankOf, suitOf, type Card } from '../../core/card.js';
import { PileRole, pilesWithRole, type Advice, type GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import { inLastDeal } from './layout.js';

/** Rule 1: a carpet card onto the talon that releases another, as a layout marriage that frees. */
const RELEASES = MARRY_FREES;
/** Rule 1, when the card released fits a foundation at once: below a marriage from outside. */
const RELEASES_PLAYABLE = MARRY_FREES + 15;
/** Rule 2: the current card onto the talon alone. */
const LAYS_CURRENT = 30;

// Scratch for the available cards (the advice allocates nothing per move).
const availableCards = new Uint8Array(256);
const availablePiles = new Uint8Array(256);

/** The Carpet advice (rules 1-2 above). */
export const carpetAdvice: Advice = (state: GameState, m: Move) => {
  if (kindOf(m) !== MoveKind.Talon) return undefined;
  const t = state.table;
  const from = fromOf(m);
  const role = state.pileRoles[from];
  const talonTop = t.top(toOf(m));
  const card = t.top(from);
  const last = inLastDeal(state);
  if (role === PileRole.Layout) {
    const released = state.uncovers(from, 1);
    if (released === NO_CARD) return NOT_NOW;
    if (state.need(released) === 0) return RELEASES_PLAYABLE;
    return buries(state, talonTop, card, last) ? NOT_NOW : RELEASES;
  }
  if (role === PileRole.Current) {
    if (stockLeft(state) > 0) return NOT_NOW;
    if (last && talonTop !== NO_CARD && state.need(talonTop) < state.need(card)) return NOT_NOW;
    return takesCarpetCard(state, card) ? LAYS_CURRENT : NOT_NOW;
  }
  return undefined;
};

/** Whether laying `card` on the talon top `under` buries a card needed sooner (rule 1). */
function buries(state: GameState, under: Card, card: Card, last: boolean): boolean {
  const needUnder = state.need(under);
  if (needUnder >= state.need(card)) return false;
  return last || needUnder <= WANTED;
}

/** Whether an available carpet card that releases another could be laid on card c once c tops the talon. */
function takesCarpetCard(state: GameState, c: Card): boolean {
  const n = state.availableCards(availableCards, availablePiles);
  for (let i = 0; i < n; i++) {
    if (state.pileRoles[availablePiles[i]!] !== PileRole.Layout) continue;
    const x = availableCards[i]!;
    if (suitOf(x) !== suitOf(c) || Math.abs(rankOf(x) - rankOf(c)) !== 1) continue;
    if (state.uncovers(availablePiles[i]!, 1) !== NO_CARD) return true;
  }
  return false;
}

let rolesSeen: Uint8Array | undefined; // the pile roles stockPile was looked up for
let stockPile = -1;

/** Cards left in the stock. */
function stockLeft(state: GameState): number {
  if (state.pileRoles !== rolesSeen) {
    rolesSeen = state.pileRoles;
    stockPile = pilesWithRole(state.pileRoles, PileRole.Stock)[0]!;
  }
  return state.table.size(stockPile);
}
