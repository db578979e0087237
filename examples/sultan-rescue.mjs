// A heuristic from scratch for The Sultan (--game sultan), where the only moves are plays to the foundations
// and turning the stock. A play from the Divan refills its cell from the talon top (ruling U2), so this player
// holds a Divan play back until the talon top is worth rescuing (needed within RESCUE cards), or the play lets
// another card follow it, or there is nothing else to do. Cards outside the Divan are played at once.
import { MoveKind, PileRole, STOP, fromOf, kindOf, pilesWithRole } from 'patience';

const RESCUE = 3;

/** The score of a move: the highest is made; 0 is a move held back. */
function score(state, m, canTurn) {
  const kind = kindOf(m);
  if (kind !== MoveKind.Play) return 1; // turn the stock, or re-deal
  const role = state.pileRoles[fromOf(m)];
  if (role === PileRole.Current || role === PileRole.Talon) return 4; // it would be buried: play it now
  if (!canTurn) return 2;
  const [talon] = pilesWithRole(state.pileRoles, PileRole.Talon);
  const t = state.table;
  if (t.size(talon) > 0 && state.need(t.top(talon)) <= RESCUE) return 3; // the refill rescues the talon top
  return 0;
}

export default {
  id: 'sultan-rescue',
  summary:
    'The Sultan only: plays outside cards at once, holds Divan plays until the refill rescues a wanted talon card',
  uses: [],
  positional: true,
  create(game) {
    if (game.id !== 'sultan') throw new Error(`written for The Sultan (sultan), not ${game.id}`);
    return {
      reset() {},
      choose(state, moves, n) {
        let canTurn = false;
        for (let i = 0; i < n; i++) if (kindOf(moves[i]) !== MoveKind.Play) canTurn = true;
        let best = STOP;
        let bestScore = 0;
        for (let i = 0; i < n; i++) {
          const s = score(state, moves[i], canTurn);
          if (s > bestScore) [best, bestScore] = [moves[i], s];
        }
        return best; // STOP only when every move is a held-back play and the stock cannot turn: never
      },
    };
  },
};
