// The two-stage estimate of the winnable share (double sampling), when the sampled budgets of an escalation
// searched only a random subsample of the deals the budgets before left unknown: its point and score interval.

import { Z95 } from './wilson.js';

/** The counts a two-stage estimate reads (those of a solve tally, solvability.ts). */
export interface StageCounts {
  deals: number;
  solved: number;
  unsolvable: number;
  unknown: number;
  sampled: number;
  sampledSolved: number;
  sampledUnsolvable: number;
}

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

/** The root of f between `outside`, where f >= 0, and `inside`, where f <= 0, by bisection (to 1e-12, about 40
 * halvings). */
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
