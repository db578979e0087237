// The nested searches' playout (nested.ts): greedy's game from the position, as a player plays it
// (players/play-on.ts); in a game that asks for it (GameSolving.playoutShunsDeadEnds), it never walks into a
// position one of the game's dead-end rules proves lost while another move keeps clear of one. The rules read every
// card, the stock too: this is the solver's playout, never a player's. It only steers the search that finds wins,
// whose lines are replayed and checked; it proves nothing, so it needs no proof beyond the rules' own.

import type { Game, GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { Rng } from '../core/random.js';
import type { SolvingAid } from '../core/solving.js';
import { greedyFor } from '../players/greedy.js';
import { playOn } from '../players/play-on.js';
import { STOP, type Player } from '../players/player.js';
import type { Playout } from './nested.js';
import type { MoveOrder } from './verdict.js';

/** The playout of `game`'s nested searches: greedy's game, shunning the aid's dead ends where the game asks for it. */
export function greedyPlayout(game: Game): Playout {
  const greedy = greedyFor(game);
  const order: MoveOrder = (state, moves, n) => greedy.order(state, moves, n);
  const shuns = game.solving?.playoutShunsDeadEnds === true;
  const buffer = new Int32Array(4096);
  const push = (m: Move) => void moves.push(m);
  let moves: number[] = [];
  let player: ShunningDeadEnds | undefined; // for the last aid given
  return (state, out, aid) => {
    moves = out;
    if (!shuns || aid?.deadEnd === undefined) {
      playOn(state, greedy, buffer, push);
      return 0;
    }
    if (player?.aid !== aid) player = new ShunningDeadEnds(greedy, order, aid);
    player.tried = 0;
    playOn(state, player, buffer, push);
    return player.tried;
  };
}

/**
 * A player that makes `inner`'s move unless it leads to a position the aid's dead-end rules prove lost; then the
 * first move in `order`'s order that does not; STOP when every move does (the game is lost from here).
 */
export class ShunningDeadEnds implements Player {
  /** Positions looked at, proved lost and left since this was last set to 0 (each a move applied and undone). */
  tried = 0;
  private readonly ordered = new Int32Array(4096);

  /** `aid`: the game's aid for the states it is handed, whose deadEnd() it asks. */
  constructor(
    private readonly inner: Player,
    private readonly order: MoveOrder,
    readonly aid: SolvingAid,
  ) {}

  reset(makeRng: () => Rng): void {
    this.inner.reset(makeRng);
  }

  choose(state: GameState, moves: Int32Array, n: number): Move {
    const m = this.inner.choose(state, moves, n);
    if (m === STOP || !this.leadsToDeadEnd(state, m)) return m;
    const ordered = this.ordered;
    ordered.set(moves.subarray(0, n));
    this.order(state, ordered, n);
    for (let i = 0; i < n; i++) {
      const x = ordered[i]!;
      if (x !== m && !this.leadsToDeadEnd(state, x)) return x;
    }
    return STOP;
  }

  /**
   * Whether a dead-end rule proves the position after move m lost (the state is left as it was); such a position
   * is counted in `tried` (one not proved lost is made next, and counted as the move made).
   */
  private leadsToDeadEnd(state: GameState, m: Move): boolean {
    state.apply(m);
    const dead = this.aid.deadEnd!() !== 0;
    state.undo();
    if (dead) this.tried++;
    return dead;
  }
}
