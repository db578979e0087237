// Solvability tallies and their result rows: how many deals the solver won, proved lost or left undecided, and
// the interval that counts the undecided both ways (Solvitaire's rule): the low end is the Wilson lower bound of
// solved over all deals, the high end the Wilson upper bound of solved + unknown over all deals.

import { mergeRanges, formatRanges } from './tally.js';
import { Z95, wilson } from './wilson.js';

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
  return { deals: 0, solved: 0, unsolvable: 0, unknown: 0, nodes: 0, busyMs: 0, ranges: [], solvedDeals: [], sampled: 0, sampledSolved: 0, sampledUnsolvable: 0, pruned: {}, chunks: [], solutions: [] };
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

/** The counts a two-stage estimate reads. */
export type StageCounts = Pick<SolveTally, 'deals' | 'solved' | 'unsolvable' | 'unknown' | 'sampled' | 'sampledSolved' | 'sampledUnsolvable'>;

/** A two-stage estimate of the winnable share: the point with the second stage's unknown deals lost, and won,
 * and the 95% interval from the first's low end to the second's high end. */
export interface TwoStageEstimate {
  readonly low: number;
  readonly high: number;
  readonly ciLow: number;
  readonly ciHigh: number;
}

/**
 * The winnable share estimated in two stages (double sampling), when the sampled budgets of an escalation (the
 * last, or those from --sample-from) searched only a random subsample of the deals the budgets before left
 * unknown (undefined when it searched none).
 * Stage 1: of N deals, a share a solved and a share u unknown before the sampled budgets. Stage 2: of the n deals
 * of the subsample, W solved, X proved unsolvable, Y still unknown; the share q of the stage-1 unknowns that is
 * winnable lies between W/n and (W+Y)/n (Y counted both ways, as everywhere). The estimate is theta = a + u q.
 *
 * Its variance (Cochran's double sampling for strata: stage 1 sorts the deals into solved, lost and unknown, and
 * only the unknown stratum, of U = uN deals, is subsampled): the law of total variance over stage 1's sort gives
 *   Var(theta^) = theta(1 - theta)/N + u^2 q(1 - q)/n (1 - n/U),
 * the first term the variance of a mean over N deals of 1[winnable] (were each deal's winnability known), the
 * second that of estimating the unknown stratum's share from n of its U deals drawn without replacement. (Written
 * as the variance of a mean of 1[solved] + q 1[unknown], (a + q^2 u - theta^2)/N, the first term lacks
 * u q(1 - q)/N; and that with the second without its correction, u^2 q(1 - q)/n, is the same sum: u^2/U = u/N.)
 *
 * The interval is score-type, as Wilson's is for one share: each end is the theta at which the estimate lies z
 * standard errors away with the variance taken at that theta rather than at the estimate, the root of
 *   (theta^ - theta)^2 = z^2 (theta(1 - theta)/N + u^2 q(1 - q)/n (1 - n/U)),  q = (theta - a)/u held to [0, 1],
 * below the low point (q^ = W/n) for the low end and above the high point (q^ = (W+Y)/n) for the high end, within
 * [0, 1]. As N grows without end it is the Wilson interval of the subsample's share with n/(1 - n/U) trials,
 * mapped through a + u q; the first stage's term widens it by what a and u are unsure of, and alone carries the
 * end whose q^ is 0 or 1. A Wald interval (the variance at the estimate) is too narrow where q^ lies near 1, as
 * here: its low end misses more often than the 2.5% it stands for.
 */
export function twoStageEstimate(t: StageCounts): TwoStageEstimate | undefined {
  const n = t.sampled;
  if (n === 0 || t.deals === 0) return undefined;
  const N = t.deals;
  const W = t.sampledSolved;
  const Y = n - W - t.sampledUnsolvable;
  const a = (t.solved - W) / N;
  const U = t.unknown - Y + n;
  const u = U / N;
  const c = 1 - n / U;
  const z2 = Z95 * Z95;
  const variance = (theta: number): number => {
    const q = Math.min(1, Math.max(0, (theta - a) / u));
    return (theta * (1 - theta)) / N + ((u * u * q * (1 - q)) / n) * c;
  };
  const [low, high] = [a + (u * W) / n, a + (u * (W + Y)) / n];
  // (theta^ - theta)^2 - z^2 V(theta) is >= 0 at the far end of [0, low] (or [high, 1]) and <= 0 at the point
  const gap = (point: number) => (theta: number) => (point - theta) ** 2 - z2 * variance(theta);
  return { low, high, ciLow: root(gap(low), 0, low), ciHigh: root(gap(high), 1, high) };
}

/** The root of f between `outside`, where f >= 0, and `inside`, where f <= 0, by bisection (to 1e-12, about 40 halvings). */
function root(f: (x: number) => number, outside: number, inside: number): number {
  if (f(outside) <= 0) return outside;
  let [out, ins] = [outside, inside];
  while (Math.abs(ins - out) > 1e-12) {
    const mid = (out + ins) / 2;
    if (f(mid) > 0) out = mid;
    else ins = mid;
  }
  return (out + ins) / 2;
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
  'game', 'options', 'bound', 'seed', 'first_deal', 'last_deal', 'deals', 'solved', 'unsolvable', 'unknown',
  'solved_rate', 'ci_low', 'ci_high', 'nodes', 'ms', 'node_budget', 'deal_ranges', 'partial', 'pruning', 'version',
  'table_mib', 'subsample', 'sampled_from', 'sampled', 'sampled_solved', 'sampled_unsolvable', 'estimate_low', 'estimate_high', 'estimate_ci_low',
  'estimate_ci_high', 'from_per_deal', 'from_sha256', 'from_again',
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
export function stageColumns(t: StageCounts, subsample: number): Record<'sampled' | 'sampled_solved' | 'sampled_unsolvable' | 'estimate_low' | 'estimate_high' | 'estimate_ci_low' | 'estimate_ci_high', string> {
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
