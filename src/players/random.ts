// random: a uniformly random legal move at each decision; it never stops of its own accord.

import type { GameState } from '../core/game.js';
import { randomInt, type Rng } from '../core/random.js';
import type { Player, PlayerSpec } from './player.js';

class RandomPlayer implements Player {
  private rng: Rng = Math.random;

  reset(makeRng: () => Rng): void {
    this.rng = makeRng();
  }

  choose(_state: GameState, moves: Int32Array, n: number): number {
    return moves[randomInt(this.rng, n)]!;
  }
}

/** The random player. */
export const randomPlayer: PlayerSpec = {
  id: 'random',
  summary: 'a uniformly random legal move at each decision',
  uses: [],
  create: () => new RandomPlayer(),
};
