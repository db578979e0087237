// The solver: search over the full position of a deal, every card known (the stock's order, the face-down
// packets, the shuffles of later re-deals, which the deal already fixes). It answers whether any line of legal
// moves wins the deal: `solved` with the line, `unsolvable` when every reachable position has been seen without a
// win (or a rule of the game proves the deal lost), `unknown` when the node budget ran out first. This is the
// "thoughtful" bound of the literature (Solvitaire, lonelybot): an upper bound on what any player can win, never a
// player's result.
//
// A deal is searched first by the probes, the honest players' games (a line a player wins with is a solution),
// then by the stages of the plan in order (plan.ts lists them and their shares; stage.ts is their contract), each
// from the deal's root, until one wins or proves the deal lost. The complete stages search depth-first with
// apply/undo in one engine (depth-first.ts), over one table of visited positions sized for the budget
// (positions.ts). The budget counts positions reached by a move over all stages (each depth-first pass's first
// position included); `unknown` never hides a deal: callers count it both ways (stats/solvability.ts).

import { deckHash, type Deck } from '../core/deck.js';
import type { GameState } from '../core/game.js';
import type { GameSolving } from '../core/solving.js';
import { DepthFirst } from './depth-first.js';
import type { Playout } from './nested.js';
import { defaultPlan, type SearchPlan } from './plan.js';
import { PositionTable } from './positions.js';
import { Root } from './root.js';
import { Ending, type Allowance, type Stage, type StageTools, stopOf } from './stage.js';
import { Outcome, type MoveOrder, type Probe, type Verdict } from './verdict.js';

export { defaultPlan, stageOf, withShare, withStage, without, type SearchPlan } from './plan.js';
export type { Playout } from './nested.js';
export { Ending, type Allowance, type PlannedStage, type Stage, type StageResult, type StageTools } from './stage.js';
export { Root } from './root.js';
export { Outcome, OUTCOME_NAMES, prunedNames, type MoveOrder, type Probe, type Verdict } from './verdict.js';

/** How a solver searches: its budget, and what it is given to search with. */
export interface SolverOptions {
  /** Positions visited per deal, at most. */
  readonly budget: number;
  /** The order moves are tried in (greedy's, from the solve runner); none: the game's. */
  readonly order?: MoveOrder;
  /** Lines tried before the plan's stages (the honest players' games). */
  readonly probes?: readonly Probe[];
  /** The stages and their shares; the default plan for the budget unless given. */
  readonly plan?: SearchPlan;
  /** The win finders' playout (greedy's game, from the solve runner); without it no win finder runs. */
  readonly playout?: Playout;
  /** The game's solving (its dead-end rules, safe moves, progress and reasoning: games/<id>/solver.ts); none: the
   * rules of play alone. */
  readonly solving?: GameSolving<GameState>;
}

/** A stage of the plan, made for this solver, with its allowance. */
interface Planned {
  readonly stage: Stage;
  readonly allowance: Allowance | undefined;
}

/** A reusable solver for one game state. */
export class Solver {
  /** Positions cut per rule: index 0 counts safe moves made alone, index k the dead-end rule k (1-based). */
  readonly pruned: Float64Array;
  /** The plan every deal is searched by. */
  readonly plan: SearchPlan;
  /** Positions visited per deal, at most. */
  readonly budget: number;
  private readonly probes: readonly Probe[];
  private readonly seen: PositionTable;
  private readonly stages: readonly Planned[];
  private readonly root: Root;
  private nodes = 0;

  /**
   * A solver for `state` by `options`: the probes' lines first, then the plan's stages in order (those with a
   * share of 0 left out), in a table of positions sized for the budget within plan.tableBytes.
   */
  constructor(
    private readonly state: GameState,
    options: SolverOptions,
  ) {
    this.budget = options.budget;
    this.probes = options.probes ?? [];
    this.plan = options.plan ?? defaultPlan(this.budget);
    this.seen = new PositionTable(PositionTable.slotsFor(this.budget, this.plan.tableBytes));
    this.pruned = new Float64Array(1 + (options.solving?.deadEndRules?.length ?? 0));
    const aid = options.solving?.aid(state); // built once per solver
    const depthFirst = new DepthFirst(state, options.order, this.seen, this.pruned, aid);
    const tools: StageTools = {
      state,
      order: options.order,
      playout: options.playout,
      pruned: this.pruned,
      aid,
      depthFirst,
    };
    this.stages = this.plan.stages.flatMap((planned) => {
      if (planned.allowance !== undefined && !(planned.allowance.share > 0)) return [];
      const stage = planned.make(tools);
      return stage === undefined ? [] : [{ stage, allowance: planned.allowance }];
    });
    this.root = new Root(state);
  }

  /** Entries the table evicted in the last solve(). */
  get evicted(): number {
    return this.seen.evicted;
  }

  /** Lay out the deck and search it. */
  solve(deck: Deck): Verdict {
    const start = performance.now();
    this.seen.clear();
    this.nodes = 0;
    for (const probe of this.probes) {
      const line = probe(this.state, deck);
      this.nodes += line.length + 1;
      if (this.state.isWon())
        return {
          outcome: Outcome.Solved,
          nodes: this.nodes,
          ms: performance.now() - start,
          line: Int32Array.from(line),
        };
    }
    this.root.deck = deck;
    this.root.key = deckHash(deck);
    return this.search(start);
  }

  /**
   * Search from the position the state stands in (every card in it known, as in a sample of the unseen cards),
   * without the probes; the state is left as it was.
   */
  solveHere(): Verdict {
    const start = performance.now();
    this.seen.clear();
    this.nodes = 0;
    const root = this.root;
    root.deck = undefined;
    root.depth = 0;
    const key = this.state.table.key();
    root.key = (key[0]! ^ Math.imul(key[1]!, 0x01000193)) >>> 0;
    const verdict = this.search(start);
    root.layOut(); // back to the position searched from
    return verdict;
  }

  /** The plan's stages from the root, in order, until one wins or proves the deal lost. */
  private search(start: number): Verdict {
    let ending: number = Ending.Undecided;
    let line: ArrayLike<number> = [];
    for (const { stage, allowance } of this.stages) {
      const found = stage.run(this.root, this.nodes, stopOf(allowance, this.nodes, this.budget));
      this.nodes = found.nodes;
      if (found.ending !== Ending.Undecided) {
        ending = found.ending;
        line = found.line;
        break;
      }
    }
    const outcome =
      ending === Ending.Won ? Outcome.Solved : ending === Ending.Lost ? Outcome.Unsolvable : Outcome.Unknown;
    return { outcome, nodes: this.nodes, ms: performance.now() - start, line: Int32Array.from(line) };
  }
}
