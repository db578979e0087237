// The game's own reasoning (SolvingAid.decide) as a stage of the solver's plan: asked at the root, with what is
// left of the budget, it gives a winning line or proves the deal lost by one of its rules, or decides nothing.

import { lost, type PlannedStage, type Root, type Stage, type StageResult, undecided, won } from '../stage.js';
import type { SolvingAid } from '../../core/solving.js';
import { Outcome } from '../verdict.js';

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
 * Asks the game's `aid` about the position `root` lays out, within about `most` steps: a loss its rule proves,
 * or a line that wins once played from there (the state is left there; the caller checks the line's legality, as
 * every claimed win's).
 */
export function askTheGame(root: Root, aid: SolvingAid | undefined, most: number): Decided {
  const state = root.state;
  if (aid?.decide === undefined) return UNDECIDED;
  root.layOut();
  const decision = aid.decide(Math.max(1, most));
  const line = Int32Array.from(decision.line);
  if (decision.lostBy > 0)
    return { outcome: Outcome.Unsolvable, line: new Int32Array(0), lostBy: decision.lostBy, nodes: decision.spent };
  for (const m of line) state.apply(m);
  const won = line.length > 0 && state.isWon();
  for (let i = 0; i < line.length; i++) state.undo();
  return {
    outcome: won ? Outcome.Solved : Outcome.Unknown,
    line: won ? line : new Int32Array(0),
    lostBy: 0,
    nodes: decision.spent + line.length,
  };
}

/** The game's reasoning, with the rest of the budget. */
export function theGamesReasoning(): PlannedStage {
  return {
    name: 'game',
    make: (tools) => new GameStage(tools.pruned, tools.aid),
  };
}

class GameStage implements Stage {
  constructor(
    private readonly pruned: Float64Array,
    private readonly aid: SolvingAid | undefined,
  ) {}

  run(root: Root, from: number, stop: number): StageResult {
    const decided = askTheGame(root, this.aid, stop - from);
    const nodes = from + decided.nodes;
    if (decided.lostBy > 0) this.pruned[decided.lostBy]!++;
    if (decided.outcome === Outcome.Solved) return won(decided.line, nodes);
    return decided.outcome === Outcome.Unsolvable ? lost(nodes) : undecided(nodes);
  }
}
