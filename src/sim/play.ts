// Playing one deal: lay it out, then players/play-on.ts's loop asks the player for each move until the game
// ends, the player stops, or play stalls. Pure: no threads, no I/O.

import type { Deck } from '../core/deck.js';
import type { GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { Rng } from '../core/random.js';
import { playOn } from '../players/play-on.js';
import { STOP, type Player } from '../players/player.js';

/** How one deal ended. */
export interface DealResult {
  readonly won: boolean;
  /** Cards played to the foundations. */
  readonly cards: number;
  readonly moves: number;
  /** True when the runner ended the deal for want of progress. */
  readonly stalled: boolean;
}

/**
 * Lay out deck and play it to the end with player, who gets its random generator from makeRng; onMove (if
 * given) sees each move before it is made.
 */
export function playDeal(
  state: GameState,
  player: Player,
  deck: Deck,
  makeRng: () => Rng,
  buffer: Int32Array,
  onMove?: (move: Move) => void,
): DealResult {
  state.deal(deck);
  player.reset(makeRng);
  const { moves, stalled } = playOn(state, player, buffer, onMove);
  return { won: state.isWon(), cards: state.foundationCount(), moves, stalled };
}

/**
 * Lay out deck and let player make at most `to` moves of its game (as playDeal would play them); returns the
 * moves made, fewer than `to` when the game ended first. The state is left at the position reached.
 */
export function playTo(
  state: GameState,
  player: Player,
  deck: Deck,
  makeRng: () => Rng,
  to: number,
  onMove?: (move: Move) => void,
): number {
  let made = 0;
  playDeal(state, stoppingAfter(player, to), deck, makeRng, new Int32Array(4096), (m) => {
    made++;
    onMove?.(m);
  });
  return made;
}

/** The player, stopping once it has made `most` moves of a deal. */
export function stoppingAfter(player: Player, most: number): Player {
  let made = 0;
  return {
    reset(makeRng) {
      made = 0;
      player.reset(makeRng);
    },
    choose(state, moves, n) {
      if (made === most) return STOP;
      made++;
      return player.choose(state, moves, n);
    },
  };
}

/** A player that makes the moves of a line in turn, each only if it is legal now; then it stops. */
export function linePlayer(line: ArrayLike<Move>): Player {
  let next = 0;
  return {
    reset() {
      next = 0;
    },
    choose(_state, moves, n) {
      const m = line[next];
      if (m === undefined || !moves.subarray(0, n).includes(m)) return STOP;
      next++;
      return m;
    },
  };
}
