// How the solver spends a deal's budget after the probes: the plan, an ordered list of stages (stage.ts, one file
// each in stages/), each run only while the deal is undecided, within its allowance of the budget. The default plan:
//   - policy searches (policy.ts) within POLICY_SHARE of the budget from POLICY_FROM on, drawing by the root's key;
//   - nested searches (nested.ts), levels 1 to one per NESTED_FROM mark the budget reaches, until the count reaches
//     half of the budget, or nine tenths from DEEP_BUDGET on;
//   - the game's own reasoning (SolvingAid.decide), where it has one, with what is left: a line, or a proved loss;
//   - beam searches (beam.ts) from BEAM_FROM on, within BEAM_SHARE of what is left;
//   - limited discrepancy passes, allowances DISCREPANCIES (pass 0 is greedy's own game);
//   - randomised restarts, a tenth of the budget each (at least RESTART_LEAST positions, at most RESTART_MOST), over
//     half of it, or over nine tenths of a budget above LARGE_BUDGET;
//   - the last pass: a complete depth-first search in greedy's order with the rest of the budget.
// The first four and the discrepancy passes find wins only; a restart or the last pass that runs out of moves
// before its cut-off has searched every reachable position: its loss is exact. The policy, nested and beam
// searches (the win finders) run only with the solver's playout, a stage with a share of 0 not at all.

import { beamSearches } from './stages/beam.js';
import { discrepancyPasses } from './stages/discrepancies.js';
import { theGamesReasoning } from './stages/game.js';
import { lastPass } from './stages/last-pass.js';
import { nestedSearches } from './stages/nested.js';
import { policySearches } from './stages/policy.js';
import { randomRestarts } from './stages/restarts.js';
import type { PlannedStage } from './stage.js';

/** How a deal's budget is spent after the probes. */
export interface SearchPlan {
  /** The stages, in the order they are run. */
  readonly stages: readonly PlannedStage[];
  /** Bytes the table of visited positions may take (positions.ts). */
  readonly tableBytes: number;
}

/** The plan `patience solve` uses for a budget (the thresholds and shares below: docs/decisions.md#solvers-plan). */
export function defaultPlan(budget: number, tableBytes = DEFAULT_TABLE_BYTES): SearchPlan {
  const restartNodes = Math.min(RESTART_MOST, Math.max(RESTART_LEAST, Math.floor(budget / 10)));
  const restarts = Math.floor((budget * (budget > LARGE_BUDGET ? 0.9 : 0.5)) / restartNodes);
  const stages = [
    policySearches(budget >= POLICY_FROM ? POLICY_SHARE : 0),
    nestedSearches(NESTED_FROM.filter((least) => budget >= least).length, budget >= DEEP_BUDGET ? 0.9 : 0.5),
    theGamesReasoning(),
    beamSearches(budget >= BEAM_FROM ? BEAM_SHARE : 0),
    discrepancyPasses(DISCREPANCIES),
    randomRestarts(restarts, restartNodes, SHUFFLE),
    lastPass(),
  ];
  return { stages, tableBytes };
}

/** `plan` with `stage` in place of its stage of the same name. */
export function withStage(plan: SearchPlan, stage: PlannedStage): SearchPlan {
  return { ...plan, stages: plan.stages.map((s) => (s.name === stage.name ? stage : s)) };
}

/** `plan` with the share of its stage `name` set to `share` (0: the stage is not run). */
export function withShare(plan: SearchPlan, name: string, share: number): SearchPlan {
  const stage = stageOf(plan, name);
  if (stage?.allowance === undefined) throw new RangeError(`the plan has no stage ${name} with a share`);
  return withStage(plan, { ...stage, allowance: { ...stage.allowance, share } });
}

/** `plan` without its stages of these names. */
export function without(plan: SearchPlan, ...names: string[]): SearchPlan {
  return { ...plan, stages: plan.stages.filter((s) => !names.includes(s.name)) };
}

/** The stage of `plan` named `name`, or undefined. */
export function stageOf(plan: SearchPlan, name: string): PlannedStage | undefined {
  return plan.stages.find((s) => s.name === name);
}

/**
 * The least budget at which the default plan tries each nested level (level k at NESTED_FROM[k-1]): a level is
 * tried only where the nested share of the budget can hold it (what each costs on The Shah:
 * docs/decisions.md#nested-level-4) and a cut-off level does not take what the complete passes need to prove a small
 * deal lost.
 */
export const NESTED_FROM: readonly number[] = [1, 1_000_000, 10_000_000, 100_000_000, 100_000_000];
/** From this budget the nested searches may take nine tenths of it: what the budgets below leave is won there,
 * if at all, by levels 4 and 5, and the complete passes have proved no deal lost at such budgets
 * (docs/decisions.md#nested-search-remembers-every-level). */
export const DEEP_BUDGET = 100_000_000;

/** The default plan's share, for the beam searches, of what the nested searches and the game's reasoning leave. */
export const BEAM_SHARE = 0.5;
/** The least budget at which the default plan tries the beam searches: below it the depth-first passes need all
 * that the nested searches leave (docs/decisions.md#beam-search-stocks-turns-solvers). */
export const BEAM_FROM = 1_000_000;

/** The default plan's share of the budget for the policy searches, which come first. */
export const POLICY_SHARE = 0.25;
/** The least budget at which the default plan tries the policy searches: below it they won as many deals as they
 * lost and cost decided deals per CPU-minute, so below it no deal is searched by them
 * (docs/decisions.md#nested-rollout-policy-adaptation-solvers). */
export const POLICY_FROM = 100_000_000;

/** The fewest and the most positions of one restart of the default plan. */
export const RESTART_LEAST = 10_000;
export const RESTART_MOST = 1_000_000;
/** Above this budget the default plan spends nine tenths of it in restarts. */
export const LARGE_BUDGET = 10_000_000;

/** The chance, at each position of a restart of the default plan, that a random move is tried first. */
export const SHUFFLE = 0.25;
/** The discrepancy allowances of the passes before the restarts. */
export const DISCREPANCIES: readonly number[] = [0, 1, 2, 3];
/** Memory of one solver's table unless told otherwise: 512 MiB. */
export const DEFAULT_TABLE_BYTES = 512 * 2 ** 20;
