// Limited discrepancy passes (Harvey & Ginsberg 1995) as a stage of the solver's plan: pass k may leave the
// ordering's first choice at most k times on a line (a forced move costs nothing); pass 0 is greedy's own game.
// They leave moves out, so a pass that runs out of moves proves nothing: they find wins only.

import { type DepthFirst, RESTART_BASE } from '../depth-first.js';
import { type PlannedStage, type Root, type Stage, type StageResult, undecided, won } from '../stage.js';

/** The discrepancy passes' entry in a plan. */
export interface DiscrepancyPasses extends PlannedStage {
  /** Each pass's allowance of discrepancies, in order. */
  readonly allowances: readonly number[];
}

/** One discrepancy pass per allowance, in order, with the rest of the budget. */
export function discrepancyPasses(allowances: readonly number[]): DiscrepancyPasses {
  return {
    name: 'discrepancies',
    allowances,
    make(tools) {
      // an allowance as large as a restart's would let a pass's table entries pass for a complete search's
      if (this.allowances.some((k) => !(k >= 0 && k < RESTART_BASE)))
        throw new RangeError('a search plan needs discrepancy allowances below RESTART_BASE');
      return new DiscrepancyStage(tools.depthFirst, this.allowances);
    },
  };
}

class DiscrepancyStage implements Stage {
  constructor(
    private readonly engine: DepthFirst,
    private readonly allowances: readonly number[],
  ) {}

  run(root: Root, from: number, stop: number): StageResult {
    const engine = this.engine;
    engine.nodes = from;
    for (const k of this.allowances) {
      if (engine.nodes >= stop) break;
      const length = engine.pass(root, k, true, 0, stop);
      if (length >= 0) return won(engine.lineOf(length), engine.nodes);
    }
    return undecided(engine.nodes);
  }
}
