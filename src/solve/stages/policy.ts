// The policy searches as a stage of the solver's plan (policy.ts): they find wins, never prove a loss.

import { PolicySearch } from '../policy.js';
import { type PlannedStage, type Root, type Stage, type StageResult, undecided, won } from '../stage.js';

/** The policy searches within `share` of the budget, from where the count stands; drawn by the root's key. */
export function policySearches(share: number): PlannedStage {
  return {
    name: 'policy',
    allowance: { share, of: 'budget' },
    make(tools) {
      // a win finder, run with the solver's playout only, as the others are (it needs none itself)
      return tools.playout === undefined ? undefined : new PolicyStage(new PolicySearch(tools.state, tools.aid));
    },
  };
}

class PolicyStage implements Stage {
  constructor(private readonly search: PolicySearch) {}

  run(root: Root, from: number, stop: number): StageResult {
    const line = this.search.levels(String(root.key), from, stop, () => root.layOut());
    return line !== undefined ? won(line, this.search.nodes) : undecided(this.search.nodes);
  }
}
