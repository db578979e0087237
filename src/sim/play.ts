// Playing one deal: lay it out, then players/play-on.ts's loop asks the player for each move until the game
// ends, the player stops, or play stalls. Pure: no threads, no I/O.

import type { Deck } from '../core/deck.js';
import type { GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import type { Rng } from '../core/random.js';
import { playOn } from '../players/play-on.js';
import type { Player } from '../players/player.js';

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
