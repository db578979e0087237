// The Constitution's priorities for greedy, from Cadogan's note: "in filling a vacancy choose the card ... which
// has the most chance of reaching the top", i.e. the card needed soonest. The generic refill rule does that, but
// it takes a fill that turns up an unseen card for a fill FROM the unseen stock, and scores it as an unknown
// card. Here the card that fills is always a top card in sight, chosen from the row below; what is unseen is
// only the stock card that the cascade of fills may bring into the People. So every fill is scored by the card
// it moves: FILL_OPEN - its need. Other fill and building rules were tried and left out
// (docs/decisions.md#constitutions-fill-advice-rules-left).

import { FILL_NEED_CAP, FILL_OPEN } from '../../core/advice.js';
import type { Advice, GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, type Move } from '../../core/move.js';

/** Greedy's score for a fill of The Constitution: the sooner its card is needed, the better. */
export const constitutionAdvice: Advice = (state: GameState, m: Move): number | undefined => {
  if (kindOf(m) !== MoveKind.Fill) return undefined;
  return FILL_OPEN - Math.min(state.need(state.table.top(fromOf(m))), FILL_NEED_CAP);
};
