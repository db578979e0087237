// lookahead: depth-limited search over the visible position with the generic evaluation (evaluation.ts).
//
// Each legal move is tried to `depth` moves deep, taking the best line; a position's value is its evaluation.
// Ending the free moves and choosing refills do not count toward the depth, so a line such as "marry to make a
// vacancy, end, fill it with the current card" is seen whole.
// A move that would turn up an unseen card is not tried: its value is the evaluation of the position before
// it, plus a foundation card's worth when it is a play (the stock is unknown, so its card counts as neutral).
// The search visits at most `nodes` positions per decision; past that, positions are evaluated as they stand.
// Ties go to carrying play on (end, turn, deal), then to the earlier move. A move back to a position already
// played through in this deal is never chosen: without that rule the search would put off a compulsory refill
// for ever by marrying a card back and forth. When every move may be declined and none improves on the position
// as it stands, the player stops.

import type { GameState } from '../core/game.js';
import { MoveKind, isOptional, isProceed, kindOf, reveals, type Move } from '../core/move.js';
import { Evaluator, FOUNDATION_WEIGHT } from './evaluation.js';
import { PositionSet } from './positions.js';
import { STOP, firstCompulsory, type Player, type PlayerSettings, type PlayerSpec } from './player.js';

class LookaheadPlayer implements Player {
  private readonly eval = new Evaluator();
  private readonly seen = new PositionSet();
  private readonly buffers: Int32Array[] = []; // one move list per ply of the search, made on first use
  private budget = 0;

  constructor(private readonly settings: PlayerSettings) {}

  reset(): void {
    this.seen.clear();
  }

  choose(state: GameState, moves: Int32Array, n: number): Move {
    this.seen.add(state.table.hash());
    if (n === 1 && isProceed(moves[0]!)) return moves[0]!;
    this.budget = this.settings.nodes;
    const here = this.eval.score(state);
    let best = STOP;
    let bestValue = -Infinity;
    let bestProceeds = false;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      if (this.returns(state, m)) continue;
      const value = this.valueOf(state, m, here, countsToDepth(m) ? this.settings.depth - 1 : this.settings.depth, 0);
      const proceeds = isProceed(m);
      if (value > bestValue || (value === bestValue && proceeds && !bestProceeds)) {
        best = m;
        bestValue = value;
        bestProceeds = proceeds;
      }
    }
    if (bestValue <= here && allOptional(moves, n)) return STOP;
    return best !== STOP ? best : firstCompulsory(moves, n);
  }

  /** Whether move m leads back to a position already seen in this deal. */
  private returns(state: GameState, m: Move): boolean {
    if (reveals(m)) return false;
    state.apply(m);
    const back = this.seen.has(state.table.hash());
    state.undo();
    return back;
  }

  /**
   * Value of making move m in a position whose evaluation is `here`, searching `depth` more moves; `ply` is
   * the number of moves already made in this line (it can exceed the depth, see countsToDepth).
   */
  private valueOf(state: GameState, m: Move, here: number, depth: number, ply: number): number {
    if (reveals(m)) return here + (kindOf(m) === MoveKind.Play ? FOUNDATION_WEIGHT : 0);
    state.apply(m);
    this.budget--;
    const value = this.eval.score(state);
    let best = value;
    if (depth > 0 && this.budget > 0 && !state.isWon()) {
      const buf = (this.buffers[ply] ??= new Int32Array(1024));
      const n = state.legalMoves(buf);
      for (let i = 0; i < n && this.budget > 0; i++) {
        const m2 = buf[i]!;
        const v = this.valueOf(state, m2, value, countsToDepth(m2) ? depth - 1 : depth, ply + 1);
        if (v > best) best = v;
      }
    }
    state.undo();
    return best;
  }
}

/** Ending the free moves and choosing refills close a step; they do not count toward the depth. */
function countsToDepth(m: Move): boolean {
  const k = kindOf(m);
  return k !== MoveKind.End && k !== MoveKind.Fill;
}

/** Whether every move may be declined (so that stopping is a choice the player has). */
function allOptional(moves: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (!isOptional(moves[i]!)) return false;
  return true;
}

/** The lookahead player. */
export const lookaheadPlayer: PlayerSpec = {
  id: 'lookahead',
  summary: 'searches --depth moves ahead over the visible position (at most --nodes positions) with a heuristic evaluation',
  uses: ['depth', 'nodes'],
  create: (_game, settings) => new LookaheadPlayer(settings),
};
