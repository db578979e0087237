// The contract of the solver's stages (solver.ts runs them in the order of its plan, plan.ts): each is one search
// of a deal from its root, every card known, within its allowance of positions, and says how it ended. A stage that
// finds wins only (the policy, nested and beam searches, the discrepancy passes) never ends Lost; a complete one
// (a restart or the last pass that runs out of moves) or the game's own reasoning may prove the deal lost.

import type { GameState } from '../core/game.js';
import type { SolvingAid } from '../core/solving.js';
import type { DepthFirst } from './depth-first.js';
import type { Playout } from './nested.js';
import type { Root } from './root.js';
import type { MoveOrder } from './verdict.js';

export { Root } from './root.js';

/** How a stage ended. */
export const Ending = {
  /** A winning line was found (StageResult.line), checked by the caller like every claimed win. */
  Won: 0,
  /** The deal is proved lost: every reachable position was searched, or a rule of the game proves it. */
  Lost: 1,
  /** Nothing decided: the allowance ran out, or the stage found nothing. */
  Undecided: 2,
} as const;

/** What a stage found. */
export interface StageResult {
  /** An Ending value. */
  readonly ending: number;
  /** The winning line when Won, first move first; empty otherwise. */
  readonly line: ArrayLike<number>;
  /** The count of positions when the stage ended. */
  readonly nodes: number;
}

/** One search of a deal. */
export interface Stage {
  /** Search from `root` (the stage lays it out), counting positions from `from` until `stop`. */
  run(root: Root, from: number, stop: number): StageResult;
}

/** A win by `line`, at `nodes` positions. */
export function won(line: ArrayLike<number>, nodes: number): StageResult {
  return { ending: Ending.Won, line, nodes };
}

/** The deal proved lost, at `nodes` positions. */
export function lost(nodes: number): StageResult {
  return { ending: Ending.Lost, line: [], nodes };
}

/** Nothing decided, at `nodes` positions. */
export function undecided(nodes: number): StageResult {
  return { ending: Ending.Undecided, line: [], nodes };
}

/** What a solver gives the stages it makes: the state, its move ordering and playout, its counts, the engine. */
export interface StageTools {
  readonly state: GameState;
  readonly order: MoveOrder | undefined;
  /** The win finders' playout; without it the solver runs no win finder. */
  readonly playout: Playout | undefined;
  /** Positions cut per rule (Solver.pruned): index 0 the safe moves made alone, index k the dead-end rule k. */
  readonly pruned: Float64Array;
  /** The game's solving aid for the state (its dead ends, safe moves, progress and reasoning), if it has one. */
  readonly aid: SolvingAid | undefined;
  /** The engine the depth-first stages share, with the solver's table of visited positions. */
  readonly depthFirst: DepthFirst;
}

/**
 * How far a stage may take the count of positions: `share` of the budget from where the count stands ('budget'),
 * of what is left of the budget ('left'), or until the count reaches that share of the budget ('until').
 */
export interface Allowance {
  readonly share: number;
  readonly of: 'budget' | 'left' | 'until';
}

/** Where a stage with `allowance` (none: the rest of the budget) must stop, the count standing at `from`. */
export function stopOf(allowance: Allowance | undefined, from: number, budget: number): number {
  if (allowance === undefined) return budget;
  if (allowance.of === 'budget') return from + Math.floor(budget * allowance.share);
  if (allowance.of === 'left') return from + Math.floor((budget - from) * allowance.share);
  return Math.floor(budget * allowance.share);
}

/** A stage of a plan: its name, its allowance and its own settings (fields beside these), and how it is made. */
export interface PlannedStage {
  /** What the plan calls it (withStage() and without() find it by this name). */
  readonly name: string;
  /** Its allowance; none: the rest of the budget. */
  readonly allowance?: Allowance;
  /** The stage for a solver, by this entry's settings, or undefined where it cannot run (no playout, no ordering). */
  make(tools: StageTools): Stage | undefined;
}
