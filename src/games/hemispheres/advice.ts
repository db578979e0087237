// The Hemispheres: greedy's priorities from the book's text. "Cards of the wrong colours may be exchanged into
// their proper hemispheres whenever the opportunity occurs" (H4), and at the end "transferred without an
// exchange" (H5): a dead card brought to life is pure gain, so both are made at once.

import { MARRY_FREES } from '../../core/advice.js';
import type { Advice, GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, toOf, type Move } from '../../core/move.js';
import { raceOfPile } from './layout.js';
import { sameRace } from './rules.js';

/** Score of an exchange or a transfer of a dead card: above marriages within the layout, below those from outside. */
const DEAD_CARD_HOME = MARRY_FREES + 10;

/**
 * Exchanges and transfers of dead cards at once (DEAD_CARD_HOME): grace moves, and
 * marriages from one Race to another, which only a dead card going home may make (H2, H5). The rest as generic
 * greedy.
 */
export const hemispheresAdvice: Advice = (_state: GameState, m: Move) => {
  const kind = kindOf(m);
  if (kind === MoveKind.Grace) return DEAD_CARD_HOME;
  if (kind === MoveKind.Marry) {
    const from = fromOf(m);
    if (raceOfPile(from) >= 0 && !sameRace(from, toOf(m))) return DEAD_CARD_HOME;
  }
  return undefined;
};
