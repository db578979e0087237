// naive: the beginner's baseline. Every card that can go to a foundation goes there at once, and nothing else
// is done: no marriages, no grace, no building. Where the rules leave a refill's source to the player, the talon
// top is taken first. It carries play on (end, turn, deal, re-deal) when it has no play, and stops when it
// cannot carry on.

import { PileRole, type GameState } from '../core/game.js';
import { MoveKind, fromOf, isProceed, kindOf } from '../core/move.js';
import { STOP, type Player, type PlayerSpec } from './player.js';

class NaivePlayer implements Player {
  reset(): void {}

  choose(state: GameState, moves: Int32Array, n: number): number {
    let proceed = STOP;
    let fill = STOP;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const kind = kindOf(m);
      if (kind === MoveKind.Play) return m;
      if (kind === MoveKind.Fill && (fill === STOP || state.pileRoles[fromOf(m)] === PileRole.Talon)) fill = m;
      else if (proceed === STOP && isProceed(m)) proceed = m;
    }
    return fill !== STOP ? fill : proceed;
  }
}

/** The naive player. */
export const naivePlayer: PlayerSpec = {
  id: 'naive',
  summary: 'plays every card that fits a foundation at once and nothing else; refills from the talon first',
  uses: [],
  create: () => new NaivePlayer(),
};
