// The last pass as a stage of the solver's plan: a complete depth-first search in the solver's ordering with the
// rest of the budget. Run out of moves before the budget, it has searched every reachable position: the deal is
// proved lost.

import { type DepthFirst, EXHAUSTED, UNLIMITED } from '../depth-first.js';
import { lost, type PlannedStage, type Root, type Stage, type StageResult, undecided, won } from '../stage.js';

/** The last pass, with the rest of the budget. */
export function lastPass(): PlannedStage {
  return {
    name: 'last',
    make: (tools) => new LastPass(tools.depthFirst),
  };
}

class LastPass implements Stage {
  constructor(private readonly engine: DepthFirst) {}

  run(root: Root, from: number, stop: number): StageResult {
    if (from >= stop) return undecided(from);
    const engine = this.engine;
    engine.nodes = from;
    const length = engine.pass(root, UNLIMITED, false, 0, stop);
    if (length >= 0) return won(engine.lineOf(length), engine.nodes);
    return length === EXHAUSTED ? lost(engine.nodes) : undecided(engine.nodes);
  }
}
