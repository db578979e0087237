// The escalation of a solve: solvers over budgets, smallest first, each deal searched at one budget after another
// until one decides it; and the bytes their tables of positions take.

import type { Deck } from '../core/deck.js';
import type { Game } from '../core/game.js';
import type { Options } from '../core/options.js';
import { greedyOrder } from '../players/greedy.js';
import { DEFAULT_SETTINGS } from '../players/player.js';
import { greedyPlayout } from '../solve/playout.js';
import { Outcome, Solver, defaultPlan, type Verdict } from '../solve/solver.js';
import { PositionTable, SLOT_BYTES } from '../solve/positions.js';
import { PROBE_PLAYERS, playerProbe } from './probes.js';

/** What an escalation ends with: the verdict, positions and time over its stages, and the stage that decided it. */
export interface Escalated {
  readonly verdict: Verdict;
  readonly nodes: number;
  readonly ms: number;
  /** Index in the budgets of the last budget searched: the one that decided the deal, or the last tried. */
  readonly stage: number;
}

/**
 * Search `deck` with each solver of an escalation in turn (smallest budget first, from stage `from`, after
 * `spent` positions and time already spent on it) until one decides it or stage `until` (at most the last) has
 * searched; a deal with nothing left to search (`from` above `until`) stands unknown at stage `until`.
 */
export function escalate(
  solvers: readonly Solver[],
  deck: Deck,
  until = solvers.length - 1,
  from = 0,
  spent = { nodes: 0, ms: 0 },
): Escalated {
  let nodes = spent.nodes;
  let ms = spent.ms;
  if (from > until)
    return { verdict: { outcome: Outcome.Unknown, line: new Int32Array(0), nodes: 0, ms: 0 }, nodes, ms, stage: until };
  for (let stage = from; ; stage++) {
    const verdict = solvers[stage]!.solve(deck);
    nodes += verdict.nodes;
    ms += verdict.ms;
    if (verdict.outcome !== Outcome.Unknown || stage >= until) return { verdict, nodes, ms, stage };
  }
}

/**
 * The solvers of an escalation over `budgets` for a state of `game`, the first trying the probes (their lines are
 * the same at every budget), each with greedy's playout for its nested searches and a table of positions of its
 * own, sized for its budget within `tableBytes` (escalationBytes() adds them up).
 */
export function escalationSolvers(
  game: Game,
  options: Options,
  budgets: readonly number[],
  tableBytes: number,
): Solver[] {
  const state = game.create(options);
  const probes = PROBE_PLAYERS.map((id) => playerProbe(game, id, DEFAULT_SETTINGS));
  const order = greedyOrder(game);
  const playout = greedyPlayout(game);
  return budgets.map(
    (b, k) =>
      new Solver(state, {
        budget: b,
        order,
        probes: k === 0 ? probes : [],
        plan: defaultPlan(b, tableBytes),
        playout,
        solving: game.solving,
      }),
  );
}

/** The bytes the tables of one thread's escalationSolvers take. */
export function escalationBytes(budgets: readonly number[], tableBytes: number): number {
  return budgets.reduce((n, b) => n + PositionTable.slotsFor(b, tableBytes) * SLOT_BYTES, 0);
}
