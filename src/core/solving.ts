// What a game tells the solver beside its rules (solve/solver.ts), which knows every card: its dead-end rules,
// safe moves, progress measure and own reasoning, each proved in the game's solver files (games/<id>/solver.ts).
// A player never reads any of it; a state carries none of it, and builds nothing for it.

import type { Move } from './move.js';

/** What the solver may ask of one state, bound to it by GameSolving.aid; asked per position, it allocates nothing. */
export interface SolvingAid {
  /** 0, or 1 + the index in deadEndRules of a rule that proves the position cannot be won (may read the stock). */
  deadEnd?(): number;
  /**
   * A move of moves[0..n) proved (in the game's file) to keep every win within reach, which the solver then makes
   * without trying the others; -1 when there is none.
   */
  safeMove?(moves: Int32Array, n: number): Move;
  /**
   * How far the position has come toward a win, for the nested search's scores (solve/nested.ts): a whole number
   * from 0 to 2^19, higher nearer a win, read from the position alone (as its key tells it). Absent: twice the
   * cards on the foundations.
   */
  progress?(): number;
  /**
   * The game's own reasoning about the position the state stands in, asked by the solver once, at the root,
   * after its nested search and before its depth-first passes: a winning line (played and checked by the solver,
   * as every line), a loss proved by one of deadEndRules (proved in the game's file), or nothing, within about
   * `most` steps of its own, which it counts as positions. The state is left as it was. Absent: the search alone.
   */
  decide?(most: number): Decision;
}

/** What a game's own reasoning found (SolvingAid.decide). */
export interface Decision {
  /** Steps spent, counted as positions reached. */
  readonly spent: number;
  /** A line that wins from the position, first move first; empty when none was found. */
  readonly line: readonly Move[];
  /** 0, or 1 + the index in deadEndRules of the rule that proves the position lost. */
  readonly lostBy: number;
}

/**
 * A game's solver-side declaration (Game.solving), for states `S` of its own create(): the names of its rules,
 * how the nested search's playout treats them, and the aid bound to one state, built once per solver.
 */
export interface GameSolving<S> {
  /** Names of the game's dead-end rules, each a relaxation proved in the game's file; deadEnd() returns 1 + index. */
  readonly deadEndRules?: readonly string[];
  /**
   * Whether the nested search's playout turns away from a move into a position deadEnd() proves lost while
   * another move keeps clear of one (solve/playout.ts): for a game whose rules catch greedy's mistakes early, where
   * it pays for the rules' cost. Absent: greedy's game as it is. A game that sets it needs a deadEnd() that reads
   * the position alone, not when it was last asked: the nested search remembers a playout's score by the position.
   */
  readonly playoutShunsDeadEnds?: boolean;
  /** The aid for one state the game's create() made; the solver builds it once and asks it at every position. */
  aid(state: S): SolvingAid;
}
