// What a parsed position must satisfy beyond its card count (core/position.ts): checks that need no game's own
// rules, so that they hold for every game.

import { RANK_CODES, makeCard, rankOf, suitOf } from './card.js';
import { orderedDeck } from './deck.js';
import { PileRole, type GameState } from './game.js';

/**
 * A foundation out of sequence: each foundation pile, bottom first, starts with a rank it can start with (below)
 * and is one suit going up or down by one rank at a time (a king and an ace are neighbours, for the foundations
 * that turn the corner), unless the game says its foundations are not sequences. Returns the first pile that is
 * not, with why; undefined when all are. Deals `state` (a fresh one) to learn the starting ranks.
 */
export function checkFoundations(
  state: GameState,
  piles: ReadonlyArray<readonly number[]>,
): { pile: number; why: string } | undefined {
  if (state.foundationsInSequence === false) return undefined;
  const bases = baseRanks(state);
  for (let p = 0; p < piles.length; p++) {
    if (state.pileRoles[p] !== PileRole.Foundation) continue;
    const cards = piles[p]!;
    const base = bases[p]!;
    if (cards.length > 0 && base.size > 0 && !base.has(rankOf(cards[0]!))) {
      const rank = RANK_CODES[[...base][0]! - 1];
      return {
        pile: p,
        why: `${state.pileNames[p]} starts with ${makeCard(cards[0]!)}, but its base, laid at the deal, is of rank ${rank}`,
      };
    }
    let step = 0;
    for (let i = 1; i < cards.length; i++) {
      const a = cards[i - 1]!;
      const b = cards[i]!;
      const d = (rankOf(b) - rankOf(a) + 13) % 13; // 1 up, 12 down
      const ok = suitOf(a) === suitOf(b) && (d === 1 || d === 12) && (step === 0 || d === step);
      if (!ok)
        return {
          pile: p,
          why: `${makeCard(b)} cannot lie on ${makeCard(a)} in ${state.pileNames[p]} (a foundation is one suit in sequence)`,
        };
      step = d;
    }
  }
  return undefined;
}

/**
 * The rank each foundation pile can start with, learned from a deal: the rank of the base the deal lays on it;
 * none (not known) where the deal leaves it empty, such as The Fish-Bone's, whose piles take their first card
 * in play.
 */
function baseRanks(state: GameState): Array<Set<number>> {
  state.deal(orderedDeck());
  const t = state.table;
  return state.pileRoles.reduce<Array<Set<number>>>((out, role, p) => {
    out.push(role === PileRole.Foundation && t.size(p) > 0 ? new Set([rankOf(t.at(p, 0))]) : new Set());
    return out;
  }, []);
}
