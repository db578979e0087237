// The Constitution's priorities for greedy, from Cadogan's note: "in filling a vacancy choose the card ... which
// has the most chance of reaching the top", i.e. the card needed soonest. The generic refill rule does that, but
// it takes a fill that turns up an unseen card for a fill FROM the unseen stock, and scores it as an unknown
// card. Here the card that fills is always a top card in sight, chosen from the row below; what is unseen is
// only the stock card that the cascade of fills may bring into the People. So every fill is scored by the card
// it moves: 50 - its need.
//
// Tried on seed dev and left out (greedy with this fill rule: 16.1% of 20,000 deals won): building a card that
// fits a foundation up onto the Privy Council to play it (16.0%); building any card needed within one card onto
// a card needed later (14.3%); preferring a fill from a one-card pile (9.8%) or from a taller pile (12.9%).

import type { Advice, GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, type Move } from '../../core/move.js';

/** Greedy's score for a fill of The Constitution: the sooner its card is needed, the better. */
export const constitutionAdvice: Advice = (state: GameState, m: Move): number | undefined => {
  if (kindOf(m) !== MoveKind.Fill) return undefined;
  return 50 - Math.min(state.need(state.table.top(fromOf(m))), 13);
};
