// The nested searches as a stage of the solver's plan (nested.ts): levels 1 to `levels` in turn, scored by the
// solver's playout, trying moves in its ordering's order. They find wins, never prove a loss.

import { NestedSearch } from '../nested.js';
import { type PlannedStage, type Root, type Stage, type StageResult, undecided, won } from '../stage.js';

/** The nested searches' entry in a plan: its levels besides its allowance. */
export interface NestedSearches extends PlannedStage {
  /** The levels searched, 1 to this. */
  readonly levels: number;
}

/** The nested searches, levels 1 to `levels`, until the count reaches `share` of the budget. */
export function nestedSearches(levels: number, share: number): NestedSearches {
  return {
    name: 'nested',
    levels,
    allowance: { share, of: 'until' },
    make(tools) {
      if (tools.order === undefined || tools.playout === undefined || !(this.levels > 0)) return undefined;
      return new NestedStage(new NestedSearch(tools.state, tools.order, tools.playout, true, tools.aid), this.levels);
    },
  };
}

class NestedStage implements Stage {
  constructor(
    private readonly search: NestedSearch,
    private readonly levels: number,
  ) {}

  run(root: Root, from: number, stop: number): StageResult {
    const line = this.search.levels(this.levels, from, stop, () => root.layOut());
    return line !== undefined ? won(line, this.search.nodes) : undecided(this.search.nodes);
  }
}
