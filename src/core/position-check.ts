// What a parsed position must satisfy beyond its card count (core/position.ts): checks that need no game's own
// rules, so that they hold for every game.

import { makeCard, rankOf, suitOf } from './card.js';
import { PileRole, type GameState } from './game.js';

/**
 * A foundation out of sequence: each foundation pile, bottom first, is one suit going up or down by one rank at
 * a time (a king and an ace are neighbours, for the foundations that turn the corner), unless the game says its
 * foundations are not sequences. Returns the first pile that is not, with why; undefined when all are.
 */
export function checkFoundations(state: GameState, piles: ReadonlyArray<readonly number[]>): { pile: number; why: string } | undefined {
  if (state.foundationsInSequence === false) return undefined;
  for (let p = 0; p < piles.length; p++) {
    if (state.pileRoles[p] !== PileRole.Foundation) continue;
    const cards = piles[p]!;
    let step = 0;
    for (let i = 1; i < cards.length; i++) {
      const a = cards[i - 1]!;
      const b = cards[i]!;
      const d = (rankOf(b) - rankOf(a) + 13) % 13; // 1 up, 12 down
      const ok = suitOf(a) === suitOf(b) && (d === 1 || d === 12) && (step === 0 || d === step);
      if (!ok) return { pile: p, why: `${makeCard(b)} cannot lie on ${makeCard(a)} in ${state.pileNames[p]} (a foundation is one suit in sequence)` };
      step = d;
    }
  }
  return undefined;
}
