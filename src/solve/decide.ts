// The game's own reasoning (SolvingAid.decide), asked by the solver at the root, after its nested search and
// before its depth-first passes.

import type { Deck } from '../core/deck.js';
import type { GameState } from '../core/game.js';
import type { SolvingAid } from '../core/solving.js';
import { Outcome } from './verdict.js';

/** What the game's reasoning decided, as the solver counts it. */
export interface Decided {
  /** Solved (with `line`), Unsolvable (by the rule `lostBy`), or Unknown: nothing decided. */
  readonly outcome: number;
  /** The winning line when Solved; empty otherwise. */
  readonly line: Int32Array;
  /** 0, or 1 + the index in deadEndRules of the rule that proves the position lost. */
  readonly lostBy: number;
  /** Positions counted: the reasoning's steps, and the moves of a line played. */
  readonly nodes: number;
}

/** Nothing decided, nothing spent: for a game without its own reasoning. */
const UNDECIDED: Decided = { outcome: Outcome.Unknown, line: new Int32Array(0), lostBy: 0, nodes: 0 };

/**
 * Asks the game's `aid` about `deck`'s deal, or with none the position `state` stands in, within about `most` steps: a
 * loss its rule proves, or a line that wins once played from there (the state is left there; the caller checks
 * the line's legality, as every claimed win's).
 */
export function askTheGame(state: GameState, aid: SolvingAid | undefined, deck: Deck | undefined, most: number): Decided {
  if (aid?.decide === undefined) return UNDECIDED;
  if (deck !== undefined) state.deal(deck);
  const decision = aid.decide(Math.max(1, most));
  const line = Int32Array.from(decision.line);
  if (decision.lostBy > 0) return { outcome: Outcome.Unsolvable, line: new Int32Array(0), lostBy: decision.lostBy, nodes: decision.spent };
  for (const m of line) state.apply(m);
  const won = line.length > 0 && state.isWon();
  for (let i = 0; i < line.length; i++) state.undo();
  return { outcome: won ? Outcome.Solved : Outcome.Unknown, line: won ? line : new Int32Array(0), lostBy: 0, nodes: decision.spent + line.length };
}
