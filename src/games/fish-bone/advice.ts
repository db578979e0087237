// The Fish-Bone's own greedy priority (set as the game's advice in index.ts): refill a gridiron vacancy from the
// talon top in preference to the stock. The talon is the one place where cards lie blocked, and it is dealt only
// once more (F5); a card taken off it uncovers the next, while a card from the stock would come to hand anyway
// as the next current card. The generic rule (greedy.ts rule 6) instead fills with the card needed soonest,
// counting an unseen stock card as fairly soon, and so often leaves the talon as it is.

import { MARRY_FREES } from '../../core/advice.js';
import { PileRole, type Advice, type GameState } from '../../core/game.js';
import { MoveKind, fromOf, kindOf, type Move } from '../../core/move.js';

/** Score of filling from the talon top: above any generic refill choice (at most FILL_OPEN), below marriages. */
const TALON_FILL = MARRY_FREES;

/** Fill from the talon top first; every other move to the generic rules. */
export const fishBoneAdvice: Advice = (state: GameState, m: Move) => {
  if (kindOf(m) !== MoveKind.Fill || state.pileRoles[fromOf(m)] !== PileRole.Talon) return undefined;
  return TALON_FILL;
};
