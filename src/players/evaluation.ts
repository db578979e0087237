// A generic evaluation of a position from what is visible, for players that compare positions.
//
// Cards on the foundations count most. Every visible card that is not yet available costs its depth (how
// many cards lie in front of it) times its urgency: a card needed soon (small need) and buried deep is what
// loses these games. The talon counts as a pile like any other, so unburying it scores; while the stock lasts,
// the talon top and the current card count one deeper than they lie, because the cards still to be turned
// will mostly land on them.

import { PileRole, pilesWithRole, type GameState } from '../core/game.js';

/** Value of one card on a foundation. */
export const FOUNDATION_WEIGHT = 1000;

/** Value of a won game, above anything else. */
export const WIN_SCORE = 1e7;

/** Scores positions; holds its scratch buffers so scoring allocates nothing. */
export class Evaluator {
  private readonly cards = new Uint8Array(256);
  private readonly depths = new Uint8Array(256);
  private readonly piles = new Uint8Array(256);

  /** Score of the position: higher is better. */
  score(state: GameState): number {
    if (state.isWon()) return WIN_SCORE;
    let score = FOUNDATION_WEIGHT * state.foundationCount();
    const roles = state.pileRoles;
    const incoming = stockLeft(state) > 0 ? 1 : 0;
    const n = state.visibleCards(this.cards, this.depths, this.piles);
    for (let i = 0; i < n; i++) {
      const role = roles[this.piles[i]!];
      const d = this.depths[i]! + (role === PileRole.Talon || role === PileRole.Current ? incoming : 0);
      if (d > 0) score -= d * urgency(state.need(this.cards[i]!));
    }
    return score;
  }
}

/** How much it costs to have a card of this need buried by one card: 13 for a card wanted now, down to 1. */
export function urgency(need: number): number {
  return need >= 12 ? 1 : 13 - need;
}

/** Cards left in the stock (their number is visible, their order is not). */
function stockLeft(state: GameState): number {
  let n = 0;
  for (const p of pilesWithRole(state.pileRoles, PileRole.Stock)) n += state.table.size(p);
  return n;
}
