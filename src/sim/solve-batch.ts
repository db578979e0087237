// A solve batch: a range of deals of one game and option set, each searched by the solver in this thread, into a
// solvability tally; every win is replayed and checked before it counts. The deals are the same decks as
// `simulate` plays (deals.ts).

import { CARD_COUNT } from '../core/card.js';
import { resolveOptions, type OptionValue } from '../core/options.js';
import { findGame } from '../games/registry.js';
import { OUTCOME_NAMES, Outcome, type Solver, prunedNames, type Verdict } from '../solve/solver.js';
import type { Deck } from '../core/deck.js';
import { seededRng } from '../core/random.js';
import { checkLine } from '../solve/verify.js';
import type { GameState } from '../core/game.js';
import { SOLVED_KEPT, emptySolveTally, type SolveChunk, type SolveTally } from '../stats/solvability.js';
import { dealDeck } from './deals.js';
import { escalate, escalationSolvers, type Escalated } from './escalation.js';

export { escalate, escalationBytes, escalationSolvers, type Escalated } from './escalation.js';

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
  /**
   * The budgets of the escalation, smallest first: a deal is searched at each in turn until one decides it (the
   * verdict is the first budget's that decides, so a run over a list re-runs only what the budgets before it
   * left unknown).
   */
  readonly budgets: readonly number[];
  /** The share (0-1] of the deals still unknown before the sampled budgets that are searched at them: a random
   * subsample keyed by seed, game and deal (inSubsample), the rest left unknown at the budget before. */
  readonly subsample: number;
  /** Index in budgets of the first budget only the subsample is searched at (the sampled budgets are it and those
   * above it); the last budget when not given. */
  readonly sampledFrom?: number;
  /** Bytes each solver's table of positions may take. */
  readonly tableBytes: number;
  /** Keep each deal's verdict. */
  readonly perDeal?: boolean;
  /** Keep each solved deal's winning line. */
  readonly solutions?: boolean;
  /** Verdicts of an earlier run over at least these deals (`solve --from`): a deal it decided at a budget of this
   * escalation is taken as it is (at a sampled budget, only if the deal is in this run's subsample); one it left
   * unknown, or searched at a budget not listed here, is searched at the budgets above the one it reached only. */
  readonly earlier?: EarlierVerdicts;
  /** With `earlier` (`solve --again`): each deal it had not decided below the sampled budgets (left unknown, or,
   * with a subsample, decided at a sampled budget) is searched again at the first budget by this version, whose
   * rules may decide it there; decided there, that verdict stands, at the first budget, otherwise the earlier one.
   * Either way the deal's positions and time add to the earlier run's. So the deals unknown before the sampled
   * budgets are those that both this version at the first budget and the earlier run below the sampled ones left
   * unknown, whatever the subsample: it stays a random sample of them. */
  readonly again?: boolean;
}

/** An earlier run's per-deal verdicts of deals first, first+1, ...: the chunk its per-deal file was written from. */
export type EarlierVerdicts = SolveChunk;

/** The part of `earlier` for deals first..first+count-1 (each task carries only its own). */
export function earlierFor(earlier: EarlierVerdicts, first: number, count: number): EarlierVerdicts {
  const a = first - earlier.first;
  const b = a + count;
  if (a < 0 || b > earlier.outcome.length)
    throw new Error(
      `the earlier verdicts hold deals ${earlier.first}-${earlier.first + earlier.outcome.length - 1}, not ${first}-${first + count - 1}`,
    );
  return {
    first,
    outcome: earlier.outcome.slice(a, b),
    nodes: earlier.nodes.slice(a, b),
    ms: earlier.ms.slice(a, b),
    moves: earlier.moves.slice(a, b),
    budget: earlier.budget.slice(a, b),
  };
}

interface Setup {
  /** One solver per budget of the escalation. */
  readonly solvers: readonly Solver[];
  /** A second state of the game, where each claimed win is replayed (verify.ts) before it is counted. */
  readonly check: GameState;
  readonly names: readonly string[];
  readonly deck: Uint8Array;
}

const setups = new Map<string, Setup>();

/** Search deals task.first .. task.first+count-1 and return their tally. */
export function runSolveBatch(task: SolveTask): SolveTally {
  const { solvers, check, names, deck } = setupFor(task);
  const tally = emptySolveTally();
  const before = solvers.map((s) => Float64Array.from(s.pruned));
  const chunk = task.perDeal
    ? {
        first: task.first,
        outcome: new Uint8Array(task.count),
        nodes: new Float64Array(task.count),
        ms: new Float64Array(task.count),
        moves: new Uint32Array(task.count),
        budget: new Float64Array(task.count),
      }
    : undefined;
  const last = solvers.length - 1;
  const sampledFrom = task.sampledFrom ?? last;
  // the stages past the first that each deal of the subsample reaches while unknown: all from sampledFrom on
  const isSampled = (stage: number) => stage >= sampledFrom && stage > 0;
  for (let k = 0; k < task.count; k++) {
    const i = task.first + k;
    dealDeck(task.seed, task.game, i, deck);
    const until = task.subsample >= 1 || inSubsample(task.seed, task.game, i, task.subsample) ? last : sampledFrom - 1;
    let before: EarlierStage | undefined = task.earlier ? earlierStage(task.earlier, k, task.budgets) : undefined;
    // A verdict at a sampled budget of a deal outside this run's subsample is set aside, as one never searched there.
    if (before?.taken && before.taken.stage > until) before = { from: until + 1, spent: before.spent };
    if (task.again === true && before !== undefined && againHere(before, task.subsample < 1 ? sampledFrom : undefined))
      before = searchAgain(solvers, deck, before, i, task.earlier!.outcome[k]!);
    const { verdict, nodes, ms, stage } = before?.taken ?? escalate(solvers, deck, until, before?.from, before?.spent);
    if (isSampled(stage)) tally.sampled++;
    tally.deals++;
    tally.nodes += nodes;
    tally.busyMs += ms;
    if (verdict.outcome === Outcome.Solved) {
      // Every claimed win is replayed and checked by the game's own legality test; a line that fails is a bug in
      // the solver or the game, and stops the run rather than being counted. A win taken from an earlier run was
      // checked by that run.
      if (!before?.taken || before.fresh === true) {
        const why = checkLine(check, deck, verdict.line);
        if (why !== '')
          throw new Error(`${task.game} seed ${task.seed} deal ${i}: the solver's line fails verification: ${why}`);
      }
      tally.solved++;
      if (isSampled(stage)) tally.sampledSolved++;
      if (tally.solvedDeals.length < SOLVED_KEPT) tally.solvedDeals.push(i);
      if (task.solutions) tally.solutions.push({ deal: i, line: Array.from(verdict.line) });
    } else if (verdict.outcome === Outcome.Unsolvable) {
      tally.unsolvable++;
      if (isSampled(stage)) tally.sampledUnsolvable++;
    } else tally.unknown++;
    if (chunk) {
      chunk.outcome[k] = verdict.outcome;
      chunk.nodes[k] = nodes;
      chunk.ms[k] = ms;
      chunk.moves[k] = before?.taken && before.fresh !== true ? task.earlier!.moves[k]! : verdict.line.length;
      chunk.budget[k] = task.budgets[stage]!; // a deal whose earlier verdict was set aside stands at the budget before
    }
  }
  names.forEach((name, j) => (tally.pruned[name] = solvers.reduce((n, s, b) => n + s.pruned[j]! - before[b]![j]!, 0)));
  if (chunk) tally.chunks.push(chunk);
  if (task.count > 0) tally.ranges.push([task.first, task.first + task.count - 1]);
  return tally;
}

/** Whether deal i is in the random subsample of share `share` searched at the sampled budgets (seeded, per deal). */
export function inSubsample(seed: string, game: string, i: number, share: number): boolean {
  return seededRng(`${seed}:${game}:${i}:subsample`)() < share;
}

/**
 * Where deal k of `earlier` stands in an escalation over `budgets` (its budget at most the last): `taken`, its
 * verdict as it is, when it was decided at one of the budgets or left unknown at the last; otherwise the stage to
 * search from (the first budget above the one it was searched at) and the positions and time it already cost. A
 * verdict reached at a budget not listed is set aside: the deal is searched again from the next listed budget.
 */
export function earlierStage(
  earlier: EarlierVerdicts,
  k: number,
  budgets: readonly number[],
): { taken?: Escalated; from: number; spent: { nodes: number; ms: number } } {
  const outcome = earlier.outcome[k]!;
  const spent = { nodes: earlier.nodes[k]!, ms: earlier.ms[k]! };
  const listed = budgets.indexOf(earlier.budget[k]!);
  if (listed >= 0 && (outcome !== Outcome.Unknown || listed === budgets.length - 1)) {
    const verdict: Verdict = { outcome, line: new Int32Array(0), nodes: spent.nodes, ms: spent.ms };
    return { taken: { verdict, nodes: spent.nodes, ms: spent.ms, stage: listed }, from: listed, spent };
  }
  return { from: budgets.findIndex((b) => b > earlier.budget[k]!), spent };
}

/** Where a deal of an earlier run stands (earlierStage); `fresh` when its verdict was reached by this run. */
export type EarlierStage = ReturnType<typeof earlierStage> & { readonly fresh?: boolean };

/** Whether `solve --again` searches a deal again at the first budget: the earlier run left it unknown, or, with a
 * subsample (`sampledFrom` given), decided it only at a sampled budget (stage `sampledFrom` or above, past the
 * first; a verdict there set aside counts as unknown). */
export function againHere(before: EarlierStage, sampledFrom?: number): boolean {
  const taken = before.taken;
  if (taken === undefined || taken.verdict.outcome === Outcome.Unknown) return true;
  return sampledFrom !== undefined && taken.stage >= sampledFrom && taken.stage > 0;
}

/** `solve --again`: deal `deal` searched again at the first budget, after what it cost before; a verdict reached
 * there stands (fresh), otherwise the earlier one does, the search's positions and time added. A fresh verdict
 * that contradicts the earlier run's (`earlier`, even one set aside: a checked win now proved lost, or the
 * reverse) is a bug in a dead-end rule or the search, and stops the run. */
function searchAgain(
  solvers: readonly Solver[],
  deck: Deck,
  before: EarlierStage,
  deal: number,
  earlier: number,
): EarlierStage {
  const again = escalate(solvers, deck, 0, 0, before.spent);
  if (again.verdict.outcome !== Outcome.Unknown && earlier !== Outcome.Unknown && earlier !== again.verdict.outcome) {
    throw new Error(
      `deal ${deal}: searched again, it is ${OUTCOME_NAMES[again.verdict.outcome]}, where the earlier run found it ${OUTCOME_NAMES[earlier]}`,
    );
  }
  if (again.verdict.outcome !== Outcome.Unknown) return { taken: again, from: 0, spent: before.spent, fresh: true };
  const spent = { nodes: again.nodes, ms: again.ms };
  return before.taken
    ? { taken: { ...before.taken, ...spent }, from: before.from, spent }
    : { from: Math.max(1, before.from), spent };
}

/** The solvers for a task's game, options and budgets, made once per thread and reused. */
function setupFor(task: SolveTask): Setup {
  const key = JSON.stringify([task.game, task.rules, task.budgets, task.tableBytes]);
  let setup = setups.get(key);
  if (!setup) {
    // A table of positions can be large (SLOT_BYTES a slot): keep only the latest.
    setups.clear();
    const game = findGame(task.game);
    const options = resolveOptions(game.options, task.rules);
    const solvers = escalationSolvers(game, options, task.budgets, task.tableBytes);
    setup = {
      solvers,
      check: game.create(options),
      names: prunedNames(game.solving),
      deck: new Uint8Array(CARD_COUNT),
    };
    setups.set(key, setup);
  }
  return setup;
}
