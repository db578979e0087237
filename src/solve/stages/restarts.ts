// Randomised restarts (Gomes, Selman & Kautz 1998) as a stage of the solver's plan: complete depth-first searches,
// each cut off after `restartNodes` positions, ordered by the solver's ordering but with a random move brought to
// the front at a position with probability `shuffle`. Restart r draws from a generator keyed by the root's key and
// r, so a deal's verdict is the same on any worker. A restart that runs out of moves before its cut-off has
// searched every reachable position: the deal is proved lost.

import { seededRng } from '../../core/random.js';
import { type DepthFirst, EXHAUSTED, RESTART_BASE, UNLIMITED } from '../depth-first.js';
import { lost, type PlannedStage, type Root, type Stage, type StageResult, undecided, won } from '../stage.js';

/** The restarts' entry in a plan. */
export interface RandomRestarts extends PlannedStage {
  /** Restarts, at most. */
  readonly restarts: number;
  /** Positions a restart may reach before it is cut off. */
  readonly restartNodes: number;
  /** The chance, at each position of a restart with more than one move, that a random move is tried first. */
  readonly shuffle: number;
}

/** At most `restarts` restarts of `restartNodes` positions each, shuffled with chance `shuffle`, within the budget. */
export function randomRestarts(restarts: number, restartNodes: number, shuffle: number): RandomRestarts {
  return {
    name: 'restarts',
    restarts,
    restartNodes,
    shuffle,
    make(tools) {
      // restart r stores RESTART_BASE + r: it must stay below the last pass's allowance
      if (!(this.restarts + RESTART_BASE < UNLIMITED))
        throw new RangeError('a search plan needs fewer restarts than UNLIMITED - RESTART_BASE');
      return new RestartStage(tools.depthFirst, this.restarts, this.restartNodes, this.shuffle);
    },
  };
}

class RestartStage implements Stage {
  constructor(
    private readonly engine: DepthFirst,
    private readonly restarts: number,
    private readonly restartNodes: number,
    private readonly shuffle: number,
  ) {}

  run(root: Root, from: number, stop: number): StageResult {
    const engine = this.engine;
    engine.nodes = from;
    for (let r = 0; r < this.restarts && engine.nodes < stop; r++) {
      engine.rng = seededRng(`restart:${root.key}:${r}`);
      const length = engine.pass(
        root,
        RESTART_BASE + r,
        false,
        this.shuffle,
        Math.min(stop, engine.nodes + this.restartNodes),
      );
      if (length >= 0) return won(engine.lineOf(length), engine.nodes);
      if (length === EXHAUSTED) return lost(engine.nodes);
    }
    return undecided(engine.nodes);
  }
}
