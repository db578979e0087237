// Napoleon's Square: greedy's priorities from the book's advice.
//  - "You next proceed to form marriages in a descending line with the cards of the square": a packet top is
//    married onto another packet when that releases the card beneath it (generic greedy does so only when the
//    released card can be played at once): RELEASES, below marrying outside cards and above filling vacancies.
//  - "Great judgment must be exercised in making these changes, lest cards underneath should be blocked by a
//    sequence of higher cards of the same suit": no card is married onto a packet holding a lower card of its
//    suit, from the square or from outside.
// Vacancies are left to the generic rule (fill with the card that would otherwise be buried in the talon):
// keeping them for kings only, one reading of "until a favourable opportunity occurs", did worse
// (docs/decisions.md#napoleons-squares-vacancies-left-generic). With spaces=any a fill is a marriage into the
// empty place (N11): from outside it is scored as the generic rule scores a fill, by the card it moves; a packet's
// card or run goes in only as generic greedy marries a layout card, when that frees a card to play; a foundation's
// top never goes back (the book's game has no returns; docs/decisions.md#napoleons-square-optional-fills).

import { FILL_NEED_CAP, FILL_OPEN, MARRY_FREES, NOT_NOW } from '../../core/advice.js';
import { faceOf, rankOf, suitOf, type Card } from '../../core/card.js';
import { PileRole, type Advice, type GameState } from '../../core/game.js';
import { MoveKind, countOf, fromOf, kindOf, toOf, type Move } from '../../core/move.js';

/** Score of a marriage within the square that releases the card beneath: below one that frees a play. */
const RELEASES = MARRY_FREES - 5;

/** Whether packet p holds a card of c's suit lower than c (which a run ending in c would block). */
function blocksBeneath(state: GameState, p: number, c: Card): boolean {
  const t = state.table;
  const s = suitOf(c);
  const r = rankOf(c);
  for (let i = 0; i < t.size(p); i++) {
    const x = t.at(p, i);
    if (suitOf(x) === s && rankOf(x) < r) return true;
  }
  return false;
}

/**
 * N11: a fill made as a marriage into an empty place: from outside the generic fill's score (by the card's need);
 * from the square the generic marriage's (only when it uncovers a card that fits a foundation); from a
 * foundation none.
 */
function intoSpace(state: GameState, from: number): number | undefined {
  const role = state.pileRoles[from];
  if (role === PileRole.Foundation) return NOT_NOW;
  if (role === PileRole.Layout) return undefined;
  return FILL_OPEN - Math.min(state.need(state.table.top(from)), FILL_NEED_CAP);
}

/** The book's priorities above; every other move as generic greedy. */
export const napoleonsSquareAdvice: Advice = (state: GameState, m: Move) => {
  const t = state.table;
  const kind = kindOf(m);
  if (kind === MoveKind.Marry) {
    const from = fromOf(m);
    const to = toOf(m);
    const n = countOf(m);
    if (t.size(to) === 0) return intoSpace(state, from); // N11
    if (blocksBeneath(state, to, t.below(from, n - 1))) return NOT_NOW;
    // Releasing a card: not one equal to the target's top, which would only let the card go back and forth.
    if (state.pileRoles[from] === PileRole.Layout && t.size(from) > n && faceOf(t.below(from, n)) !== faceOf(t.top(to)))
      return RELEASES;
    return undefined;
  }
  return undefined;
};
