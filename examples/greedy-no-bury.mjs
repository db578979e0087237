// A variation of greedy: greedy's choice among the moves left once every marriage that would bury a card the
// foundations need within the next k cards is struck out (greedy itself allows such a marriage when the card
// laid on top is needed sooner). Try it: --player-option k=1 (the default is 2).
import { MoveKind, STOP, greedyPlayer, kindOf, toOf } from 'patience';

/** True when m marries a card onto a pile whose top card is needed within k cards. */
function buries(state, m, k) {
  if (kindOf(m) !== MoveKind.Marry) return false;
  const to = toOf(m);
  return state.table.size(to) > 0 && state.need(state.table.top(to)) <= k;
}

export default {
  id: 'greedy-no-bury',
  summary: 'greedy, never marrying onto a card needed within k cards (--player-option k=2)',
  uses: [],
  positional: true, // the same position, the same move: fit to play the rollout's samples out
  create(game, settings) {
    const k = Number(settings.options?.k ?? 2);
    if (!Number.isInteger(k) || k < 0) throw new Error(`k must be a whole number, got ${settings.options?.k}`);
    const greedy = greedyPlayer.create(game, settings);
    const kept = new Int32Array(4096); // the moves greedy is offered
    return {
      reset(makeRng) {
        greedy.reset(makeRng);
      },
      choose(state, moves, n) {
        let left = 0;
        for (let i = 0; i < n; i++) if (!buries(state, moves[i], k)) kept[left++] = moves[i];
        // Only burying marriages were legal: every one may be declined, so stop.
        if (left === 0) return STOP;
        return greedy.choose(state, kept, left);
      },
    };
  },
};
