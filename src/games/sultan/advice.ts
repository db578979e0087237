// The Sultan's greedy priorities: the timing of Divan plays and fills (U4). C1914 gives no advice; this
// follows from the rules. A Divan card that fits a foundation still fits after waiting (unless its twin is
// played there first, and then it fits the suit's other foundation later), so it is a trigger the player
// fires when he likes. Firing it brings the talon top into the Divan (U2) - or, with the talon empty,
// the current card, or an unseen stock card - and a cell holding a card wanted late is a cell lost for
// long. So:
//  1. a Divan play is made at once when play cannot carry on (no stock card to turn, no re-deal left);
//  2. or when it lets the current card or the talon top or the card under it be played next: those are the
//     cards a turn buries (cards in the Divan wait safely);
//  3. or when the card it brings in is needed within WANTED cards (core/advice.ts: a card worth making a
//     vacancy for); an unseen stock card is not known to be, so the play waits;
//  4. otherwise it waits, and the next card is turned.
// With divanFill=manual the player fills an empty cell himself, so a Divan play brings nothing in and is
// left to the generic rules; a fill is made when the card is needed within WANTED cards, or when play cannot
// carry on (it then uncovers the talon), and otherwise the cell waits.

import { NOT_NOW, PLAY_LAYOUT, WANTED } from '../../core/advice.js';
import { NO_CARD, faceOf, rankOf, type Card } from '../../core/card.js';
import { PileRole, type Advice, type GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, reveals, type Move } from '../../core/move.js';
import { FIRST } from './layout.js';
import { canCarryOn, refillSource } from './rules.js';

/** A Divan play made at once (rules 1-2): before any other layout play. */
const FIRE_NOW = PLAY_LAYOUT + 5;

const STOCK = FIRST.stock;
const CURRENT = FIRST.current;
const TALON = FIRST.talon;

/** The Sultan's advice (see the head of this file). */
export const sultanAdvice: Advice = (state: GameState, m: Move) => {
  const kind = kindOf(m);
  const from = fromOf(m);
  const roles = state.pileRoles;
  if (kind === MoveKind.Fill) {
    if (!canCarryOn(state)) return undefined;
    return state.need(state.table.top(from)) <= WANTED ? undefined : NOT_NOW;
  }
  if (kind !== MoveKind.Play || roles[from] !== PileRole.Layout || state.options['divanFill'] !== 'immediate')
    return undefined;
  if (!canCarryOn(state) || freesOutside(state, state.table.top(from))) return FIRE_NOW;
  if (reveals(m)) return NOT_NOW;
  const entering = entrant(state);
  return entering !== NO_CARD && state.need(entering) <= WANTED ? PLAY_LAYOUT : NOT_NOW;
};

/** The card a Divan play brings into the Divan (U2); NO_CARD if none, or an unseen stock card. */
function entrant(state: GameState): Card {
  const t = state.table;
  const source = refillSource(t.len, true);
  return source < 0 || source === STOCK ? NO_CARD : t.top(source);
}

/** Whether playing c lets the current card, the talon top or the card under it be played (rule 2). */
function freesOutside(state: GameState, c: Card): boolean {
  if (rankOf(c) === 13) return false; // no card follows a king
  const next = faceOf(c) + 1; // the face of the card of c's suit one rank above
  const t = state.table;
  return (
    follows(state, t.top(CURRENT), next) ||
    follows(state, t.top(TALON), next) ||
    follows(state, t.below(TALON, 1), next)
  );
}

/** Whether x is of face `next` (not NO_CARD, whose face is 52) and does not fit a foundation already. */
function follows(state: GameState, x: Card, next: number): boolean {
  return faceOf(x) === next && state.need(x) !== 0;
}
