// Playing on: the loop that asks a player for each move from the position as it stands until the game ends, the
// player stops, or play stalls. sim/play.ts plays whole deals with it; a sampling player (rollout.ts) plays its
// samples out with it. Pure: no threads, no I/O.

import { PileRole, pilesWithRole, type GameState } from '../core/game.js';
import type { Move } from '../core/move.js';
import { STOP, type Player } from './player.js';

/**
 * Moves without progress after which a deal is ended as stalled. Progress is a card reaching a foundation or
 * the stock, current card and talon changing size; only moves that shuffle cards within the layout (such as
 * a card married back and forth between two equal cards) fail to make it.
 */
export const STALL_LIMIT = 300;

/**
 * Progress is looked at every this many moves (it cost a tenth of a deal's time when looked at every move).
 * Between re-deals the mark only moves one way (cards reach foundations and leave the stock; the talon grows
 * only as the stock turns onto it), so a mark unchanged between two looks means no progress in between.
 */
const LOOK_EVERY = 10;

/**
 * Play on from the position as it stands with player (already reset) until the game ends, the player stops, or
 * play stalls (STALL_LIMIT); returns the number of moves made (each undone by one state.undo()) and whether play
 * stalled. A sampling player (players/rollout.ts) plays its rollouts with it.
 */
export function playOn(
  state: GameState,
  player: Player,
  buffer: Int32Array,
  onMove?: (move: Move) => void,
): { moves: number; stalled: boolean } {
  const outside = outsidePiles(state);
  let moves = 0;
  let stalled = false;
  let mark = progressMark(state, outside);
  let lastProgress = 0; // the look at which the mark was last seen to change
  for (;;) {
    const n = state.legalMoves(buffer);
    if (n === 0) break;
    const m = player.choose(state, buffer, n);
    if (m === STOP) break;
    onMove?.(m);
    state.apply(m);
    if (++moves % LOOK_EVERY !== 0) continue;
    const now = progressMark(state, outside);
    if (now !== mark) {
      mark = now;
      lastProgress = moves;
    } else if (moves - lastProgress >= STALL_LIMIT) {
      stalled = true;
      break;
    }
  }
  return { moves, stalled };
}

const outsideByRoles = new WeakMap<Uint8Array, number[]>();

/** The stock, current-card and talon piles of a state, worked out once per table of roles. */
function outsidePiles(state: GameState): number[] {
  const roles = state.pileRoles;
  let piles = outsideByRoles.get(roles);
  if (!piles) {
    piles = [PileRole.Stock, PileRole.Current, PileRole.Talon].flatMap((role) => pilesWithRole(roles, role));
    outsideByRoles.set(roles, piles);
  }
  return piles;
}

/** A number that changes whenever play progresses (see STALL_LIMIT). */
function progressMark(state: GameState, outside: readonly number[]): number {
  const t = state.table;
  let mark = state.foundationCount();
  for (let i = 0; i < outside.length; i++) mark = mark * 131 + t.size(outside[i]!);
  return mark;
}
