// A solve batch: a range of deals of one game and option set, each searched by the solver in this thread, into a
// solvability tally; every win is replayed and checked before it counts. The deals are the same decks as
// `simulate` plays (deals.ts).

import { CARD_COUNT } from '../core/card.js';
import { resolveOptions, type OptionValue } from '../core/options.js';
import { findGame } from '../games/registry.js';
import { greedyOrder } from '../players/greedy.js';
import { DEFAULT_SETTINGS } from '../players/player.js';
import { Outcome, Solver, prunedNames } from '../solve/solver.js';
import { checkLine } from '../solve/verify.js';
import type { GameState } from '../core/game.js';
import { SOLVED_KEPT, emptySolveTally, type SolveTally } from '../stats/solvability.js';
import { dealDeck } from './deals.js';
import { PROBE_PLAYERS, playerProbe } from './probes.js';

/** What to solve: plain data, so it can be sent to a worker thread. */
export interface SolveTask {
  /** Tells the worker this is a solve task. */
  readonly kind: 'solve';
  readonly game: string;
  /** Rule options as given (name to value); defaults and presets are applied here. */
  readonly rules: Readonly<Record<string, OptionValue>>;
  readonly seed: string;
  /** First deal index. */
  readonly first: number;
  /** Number of deals. */
  readonly count: number;
  /** Most positions searched per deal. */
  readonly budget: number;
  /** Keep each deal's verdict. */
  readonly perDeal?: boolean;
  /** Keep each solved deal's winning line. */
  readonly solutions?: boolean;
}

interface Setup {
  readonly solver: Solver;
  /** A second state of the game, where each claimed win is replayed (verify.ts) before it is counted. */
  readonly check: GameState;
  readonly names: readonly string[];
  readonly deck: Uint8Array;
}

const setups = new Map<string, Setup>();

/** Search deals task.first .. task.first+count-1 and return their tally. */
export function runSolveBatch(task: SolveTask): SolveTally {
  const { solver, check, names, deck } = setupFor(task);
  const tally = emptySolveTally();
  const before = Float64Array.from(solver.pruned);
  const chunk = task.perDeal
    ? { first: task.first, outcome: new Uint8Array(task.count), nodes: new Float64Array(task.count), ms: new Float64Array(task.count), moves: new Uint32Array(task.count) }
    : undefined;
  for (let k = 0; k < task.count; k++) {
    const i = task.first + k;
    const verdict = solver.solve(dealDeck(task.seed, task.game, i, deck));
    tally.deals++;
    tally.nodes += verdict.nodes;
    tally.busyMs += verdict.ms;
    if (verdict.outcome === Outcome.Solved) {
      // Every claimed win is replayed and checked by the game's own legality test; a line that fails is a bug in
      // the solver or the game, and stops the run rather than being counted.
      const why = checkLine(check, deck, verdict.line);
      if (why !== '') throw new Error(`${task.game} seed ${task.seed} deal ${i}: the solver's line fails verification: ${why}`);
      tally.solved++;
      if (tally.solvedDeals.length < SOLVED_KEPT) tally.solvedDeals.push(i);
      if (task.solutions) tally.solutions.push({ deal: i, line: Array.from(verdict.line) });
    } else if (verdict.outcome === Outcome.Unsolvable) tally.unsolvable++;
    else tally.unknown++;
    if (chunk) {
      chunk.outcome[k] = verdict.outcome;
      chunk.nodes[k] = verdict.nodes;
      chunk.ms[k] = verdict.ms;
      chunk.moves[k] = verdict.line.length;
    }
  }
  names.forEach((name, j) => (tally.pruned[name] = solver.pruned[j]! - before[j]!));
  if (chunk) tally.chunks.push(chunk);
  if (task.count > 0) tally.ranges.push([task.first, task.first + task.count - 1]);
  return tally;
}

/** The solver for a task's game, options and budget, made once per thread and reused. */
function setupFor(task: SolveTask): Setup {
  const key = JSON.stringify([task.game, task.rules, task.budget]);
  let setup = setups.get(key);
  if (!setup) {
    // One solver's table of positions can be large (16 bytes a slot): keep only the latest.
    setups.clear();
    const game = findGame(task.game);
    const state = game.create(resolveOptions(game.options, task.rules));
    const probes = PROBE_PLAYERS.map((id) => playerProbe(game, id, DEFAULT_SETTINGS));
    const check = game.create(resolveOptions(game.options, task.rules));
    setup = { solver: new Solver(state, task.budget, greedyOrder(game), probes), check, names: prunedNames(state), deck: new Uint8Array(CARD_COUNT) };
    setups.set(key, setup);
  }
  return setup;
}
