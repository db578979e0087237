// Solvability tallies and their result rows: how many deals the solver won, proved lost or left undecided, and
// the interval that counts the undecided both ways (Solvitaire's rule): the low end is the Wilson lower bound of
// solved over all deals, the high end the Wilson upper bound of solved + unknown over all deals.

import { mergeRanges, formatRanges } from './tally.js';
import { twoStageEstimate, type StageCounts } from './two-stage.js';
import { wilson } from './wilson.js';

export { twoStageEstimate, type StageCounts, type TwoStageEstimate } from './two-stage.js';

/** How many lowest solved-deal indices a tally keeps, so they can be replayed. */
export const SOLVED_KEPT = 10;

/** Per-deal verdicts of consecutive deals first, first+1, ... (kept only when asked for). */
export interface SolveChunk {
  readonly first: number;
  /** Outcome values (solve/solver.ts). */
  readonly outcome: Uint8Array;
  readonly nodes: Float64Array;
  readonly ms: Float64Array;
  /** Length of the winning line; 0 when not solved. */
  readonly moves: Uint32Array;
  /** The budget the deal stands at: the one that decided it, or the last it was left unknown at (columns.ts). */
  readonly budget: Float64Array;
}

/** A winning line of one deal. */
export interface Solution {
  readonly deal: number;
  readonly line: number[];
}

/** Counts over a set of solved deals of one game and option set. Plain data: it crosses threads. */
export interface SolveTally {
  deals: number;
  solved: number;
  unsolvable: number;
  unknown: number;
  /** Positions visited, summed over deals. */
  nodes: number;
  /** Thread time spent searching, in milliseconds. */
  busyMs: number;
  /** Deal index ranges searched, [first, last] inclusive, sorted and merged. */
  ranges: Array<[number, number]>;
  /** The lowest indices of solved deals, at most SOLVED_KEPT. */
  solvedDeals: number[];
  /**
   * Deals searched at the last budget of an escalation after the budgets before it left them unknown, and how
   * many of those it solved and proved unsolvable (the second stage of twoStageEstimate).
   */
  sampled: number;
  sampledSolved: number;
  sampledUnsolvable: number;
  /** What each pruning cut, by name (safe moves made alone, dead-end rules). */
  pruned: Record<string, number>;
  /** Per-deal verdicts, when asked for. */
  chunks: SolveChunk[];
  /** Winning lines, when asked for. */
  solutions: Solution[];
}

/** An empty tally. */
export function emptySolveTally(): SolveTally {
  return {
    deals: 0,
    solved: 0,
    unsolvable: 0,
    unknown: 0,
    nodes: 0,
    busyMs: 0,
    ranges: [],
    solvedDeals: [],
    sampled: 0,
    sampledSolved: 0,
    sampledUnsolvable: 0,
    pruned: {},
    chunks: [],
    solutions: [],
  };
}

/** Add b into a (a is changed and returned). */
export function mergeSolveTally(a: SolveTally, b: SolveTally): SolveTally {
  a.deals += b.deals;
  a.solved += b.solved;
  a.unsolvable += b.unsolvable;
  a.unknown += b.unknown;
  a.nodes += b.nodes;
  a.busyMs += b.busyMs;
  a.sampled += b.sampled;
  a.sampledSolved += b.sampledSolved;
  a.sampledUnsolvable += b.sampledUnsolvable;
  a.ranges = mergeRanges([...a.ranges, ...b.ranges]);
  a.solvedDeals = [...a.solvedDeals, ...b.solvedDeals].sort((x, y) => x - y).slice(0, SOLVED_KEPT);
  for (const [name, n] of Object.entries(b.pruned)) a.pruned[name] = (a.pruned[name] ?? 0) + n;
  a.chunks.push(...b.chunks);
  a.solutions.push(...b.solutions);
  return a;
}

/** The interval for the share of winnable deals: [Wilson low of solved, Wilson high of solved + unknown]. */
export function solvabilityInterval(t: Pick<SolveTally, 'deals' | 'solved' | 'unknown'>): [number, number] {
  return [wilson(t.solved, t.deals)[0], wilson(t.solved + t.unknown, t.deals)[1]];
}

/** What produced a solve tally. */
export interface SolveInfo {
  readonly game: string;
  readonly options: string;
  readonly seed: string;
  /** The escalation's budgets, smallest first. */
  readonly budgets: readonly number[];
  /** The share of the deals unknown before the sampled budgets searched at them. */
  readonly subsample: number;
  /** With a subsample, the first budget only it was searched at (the last budget when not given). */
  readonly sampledFrom?: number;
  /** Each solver's table of positions, in MiB. */
  readonly tableMib: number;
  /** The earlier run's per-deal file whose verdicts the run went on from (`solve --from`), as given, and the
   * SHA-256 of its text; empty when none. */
  readonly from?: { readonly path: string; readonly sha256: string; readonly again?: boolean };
  readonly version: string;
  readonly partial: boolean;
}

/** What the figures of a solve row are: the thoughtful bound, every card known. */
export const SOLVE_BOUND = 'upper: winnable with every card known';

/** The columns of a solve summary row, in order (`patience columns`). */
export const SOLVE_COLUMNS = [
  'game',
  'options',
  'bound',
  'seed',
  'first_deal',
  'last_deal',
  'deals',
  'solved',
  'unsolvable',
  'unknown',
  'solved_rate',
  'ci_low',
  'ci_high',
  'nodes',
  'ms',
  'node_budget',
  'deal_ranges',
  'partial',
  'pruning',
  'version',
  'table_mib',
  'subsample',
  'sampled_from',
  'sampled',
  'sampled_solved',
  'sampled_unsolvable',
  'estimate_low',
  'estimate_high',
  'estimate_ci_low',
  'estimate_ci_high',
  'from_per_deal',
  'from_sha256',
  'from_again',
] as const;

/** One solve summary row, keyed by column. */
export type SolveRow = Record<(typeof SOLVE_COLUMNS)[number], string>;

/** The summary row of a solve tally. */
export function solveRow(info: SolveInfo, t: SolveTally): SolveRow {
  const [low, high] = solvabilityInterval(t);
  const first = t.ranges.length > 0 ? t.ranges[0]![0] : 0;
  const last = t.ranges.length > 0 ? t.ranges[t.ranges.length - 1]![1] : -1;
  return {
    game: info.game,
    options: info.options,
    bound: SOLVE_BOUND,
    seed: info.seed,
    first_deal: String(first),
    last_deal: String(last),
    deals: String(t.deals),
    solved: String(t.solved),
    unsolvable: String(t.unsolvable),
    unknown: String(t.unknown),
    solved_rate: t.deals > 0 ? (t.solved / t.deals).toFixed(9) : '',
    ci_low: low.toFixed(9),
    ci_high: high.toFixed(9),
    nodes: String(t.nodes),
    ms: t.busyMs.toFixed(0),
    node_budget: info.budgets.join(','),
    deal_ranges: formatRanges(t.ranges),
    partial: info.partial ? 'true' : 'false',
    pruning: Object.entries(t.pruned)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${name}=${n}`)
      .join(' '),
    version: info.version,
    table_mib: String(info.tableMib),
    subsample: String(info.subsample),
    sampled_from: info.subsample < 1 ? String(info.sampledFrom ?? info.budgets[info.budgets.length - 1]) : '',
    ...stageColumns(t, info.subsample),
    from_per_deal: info.from?.path ?? '',
    from_sha256: info.from?.sha256 ?? '',
    from_again: info.from ? String(info.from.again === true) : '',
  };
}

/** The columns of the escalation's last stage and the two-stage estimate (empty without a subsample). */
export function stageColumns(
  t: StageCounts,
  subsample: number,
): Record<
  | 'sampled'
  | 'sampled_solved'
  | 'sampled_unsolvable'
  | 'estimate_low'
  | 'estimate_high'
  | 'estimate_ci_low'
  | 'estimate_ci_high',
  string
> {
  const estimate = subsample < 1 ? twoStageEstimate(t) : undefined;
  const fixed = (x: number | undefined) => (x === undefined ? '' : x.toFixed(9));
  return {
    sampled: String(t.sampled),
    sampled_solved: String(t.sampledSolved),
    sampled_unsolvable: String(t.sampledUnsolvable),
    estimate_low: fixed(estimate?.low),
    estimate_high: fixed(estimate?.high),
    estimate_ci_low: fixed(estimate?.ciLow),
    estimate_ci_high: fixed(estimate?.ciHigh),
  };
}
