// The solver's win finders, searched before its depth-first passes, each within its share of the budget: the
// policy searches (policy.ts), the nested searches (nested.ts) and the beam searches (beam.ts), the last two
// scoring by the same playout. They find wins, never prove a loss: a line they return is replayed and checked by
// the caller like every other.

import type { GameState } from '../core/game.js';
import type { SolvingAid } from '../core/solving.js';
import { BeamSearch } from './beam.js';
import { NestedSearch, type Playout } from './nested.js';
import type { SearchPlan } from './plan.js';
import { PolicySearch } from './policy.js';
import type { MoveOrder } from './verdict.js';

/** The win finders of one state, by one plan, reused deal after deal. */
export class WinFinders {
  /** Positions counted when the last search ended. */
  nodes = 0;
  private readonly nestedSearch: NestedSearch | undefined;
  private readonly beamSearch: BeamSearch | undefined;
  private readonly policySearch: PolicySearch | undefined;

  constructor(
    state: GameState,
    order: MoveOrder | undefined,
    playout: Playout,
    private readonly plan: SearchPlan,
    aid?: SolvingAid,
  ) {
    this.nestedSearch = order !== undefined && plan.nestedLevels > 0 ? new NestedSearch(state, order, playout, true, aid) : undefined;
    this.beamSearch = plan.beamShare > 0 ? new BeamSearch(state, playout, aid) : undefined;
    this.policySearch = plan.policyShare > 0 ? new PolicySearch(state, aid) : undefined;
  }

  /**
   * The policy searches, then the nested searches, from the position `root()` lays out (the state is left there),
   * counting positions from `nodes`, the policy searches within `policyShare` of `budget` drawing by `seed`: the
   * first winning line found, or undefined.
   */
  first(nodes: number, budget: number, root: () => unknown, seed: string): number[] | undefined {
    this.nodes = nodes;
    if (this.policySearch !== undefined) {
      const line = this.policySearch.levels(seed, nodes, nodes + Math.floor(budget * this.plan.policyShare), root);
      this.nodes = this.policySearch.nodes;
      if (line !== undefined) return line;
    }
    return this.nested(this.nodes, budget, root);
  }

  /**
   * The nested searches from the position `root()` lays out (the state is left there), counting positions from
   * `nodes` until `nestedShare` of `budget`: the first winning line found, or undefined.
   */
  nested(nodes: number, budget: number, root: () => unknown): number[] | undefined {
    this.nodes = nodes;
    if (this.nestedSearch === undefined) return undefined;
    const line = this.nestedSearch.levels(this.plan.nestedLevels, nodes, Math.floor(budget * this.plan.nestedShare), root);
    this.nodes = this.nestedSearch.nodes;
    return line;
  }

  /**
   * The beam searches from the position `root()` lays out (the state is left there), counting positions from
   * `nodes`, within `beamShare` of what is left of `budget`: the first winning line found, or undefined.
   */
  beam(nodes: number, budget: number, root: () => unknown): number[] | undefined {
    this.nodes = nodes;
    if (this.beamSearch === undefined || nodes >= budget) return undefined;
    root();
    const line = this.beamSearch.widening(nodes, nodes + Math.floor((budget - nodes) * this.plan.beamShare));
    this.nodes = this.beamSearch.nodes;
    return line;
  }
}
