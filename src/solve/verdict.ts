// What the solver answers (solver.ts): a verdict's outcomes and fields, and the hooks it is given.

import type { Deck } from '../core/deck.js';
import type { GameState } from '../core/game.js';
import type { GameSolving } from '../core/solving.js';

/** A deal's verdict. */
export const Outcome = {
  /** A winning line was found (and is in the result). */
  Solved: 1,
  /** Every position reachable from the deal was searched: no line wins. */
  Unsolvable: 2,
  /** The node budget ran out first. */
  Unknown: 3,
} as const;

/** Names of the outcomes, by value. */
export const OUTCOME_NAMES: readonly string[] = ['', 'solved', 'unsolvable', 'unknown'];

/**
 * Reorders moves[0..n) in place, the move to try first first, reading the position only, so that positions with
 * one key order their moves alike (the nested search remembers its scores by key).
 */
export type MoveOrder = (state: GameState, moves: Int32Array, n: number) => void;

/**
 * A line to try before searching: lays out `deck` in `state`, plays it to its end by some fixed policy (a
 * player's game) and returns the moves made; the solver keeps them only if the state is then won.
 */
export type Probe = (state: GameState, deck: Deck) => ArrayLike<number>;

/** What one search found. */
export interface Verdict {
  /** An Outcome value. */
  readonly outcome: number;
  /** Positions reached. */
  readonly nodes: number;
  /** Search time in milliseconds. */
  readonly ms: number;
  /** The winning line when solved, first move first; empty otherwise. */
  readonly line: Int32Array;
}

/** The names of the prunings a solver with the game's `solving` counts, in the order of Solver.pruned. */
export function prunedNames(solving: GameSolving<GameState> | undefined): string[] {
  return ['safe-move', ...(solving?.deadEndRules ?? [])];
}
