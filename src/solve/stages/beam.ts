// The beam searches as a stage of the solver's plan (beam.ts): beams of growing width by the stock's turns,
// scored by the solver's playout. They find wins, never prove a loss.

import { BeamSearch } from '../beam.js';
import { type PlannedStage, type Root, type Stage, type StageResult, undecided, won } from '../stage.js';

/** The beam searches within `share` of what is left of the budget. */
export function beamSearches(share: number): PlannedStage {
  return {
    name: 'beam',
    allowance: { share, of: 'left' },
    make(tools) {
      return tools.playout === undefined
        ? undefined
        : new BeamStage(new BeamSearch(tools.state, tools.playout, tools.aid));
    },
  };
}

class BeamStage implements Stage {
  constructor(private readonly search: BeamSearch) {}

  run(root: Root, from: number, stop: number): StageResult {
    if (from >= stop) return undecided(from);
    root.layOut();
    const line = this.search.widening(from, stop);
    return line !== undefined ? won(line, this.search.nodes) : undecided(this.search.nodes);
  }
}
