// Paired statistics for two players (or two rule readings) on the same deals: the 2x2 table of wins, each win
// rate with its Wilson interval, the difference of the two win rates with Newcombe's interval for paired
// proportions, and the exact McNemar test (a two-sided binomial test of the discordant deals).

import binomialTest from '@stdlib/stats-binomial-test';
import { Z95, wilson } from './wilson.js';

/** The 2x2 table of a paired comparison of A and B on the same deals. */
export interface PairedCounts {
  /** Deals both won. */
  readonly both: number;
  /** Deals only A won. */
  readonly onlyA: number;
  /** Deals only B won. */
  readonly onlyB: number;
  /** Deals neither won. */
  readonly neither: number;
}

/** What a paired comparison says. */
export interface PairedSummary {
  readonly counts: PairedCounts;
  readonly deals: number;
  readonly winsA: number;
  readonly winsB: number;
  readonly rateA: number;
  readonly rateB: number;
  /** 95% Wilson intervals of the two win rates. */
  readonly ciA: [number, number];
  readonly ciB: [number, number];
  /** rateA - rateB. */
  readonly difference: number;
  /** 95% interval of the difference (Newcombe's method 10, see pairedDifferenceInterval). */
  readonly differenceCi: [number, number];
  /** Exact McNemar p-value, two-sided. */
  readonly pValue: number;
}

/** Count the 2x2 table from two equally long arrays of per-deal results (1 = won). */
export function pairedCounts(wonA: ArrayLike<number>, wonB: ArrayLike<number>): PairedCounts {
  if (wonA.length !== wonB.length)
    throw new Error(`paired results differ in length: ${wonA.length} and ${wonB.length}`);
  let both = 0;
  let onlyA = 0;
  let onlyB = 0;
  let neither = 0;
  for (let i = 0; i < wonA.length; i++) {
    const a = wonA[i] !== 0;
    const b = wonB[i] !== 0;
    if (a && b) both++;
    else if (a) onlyA++;
    else if (b) onlyB++;
    else neither++;
  }
  return { both, onlyA, onlyB, neither };
}

/**
 * The exact McNemar p-value: a two-sided binomial test of onlyA successes in onlyA + onlyB trials with p = 1/2
 * (statsmodels' `mcnemar(table, exact=True)`); 1 when no deal is discordant.
 *
 * Under p = 1/2 the distribution is symmetric, so the two-sided p-value is twice the smaller tail, capped at 1.
 * The smaller tail comes from the library's one-sided test: its two-sided figure adds the far tail as 1 - cdf,
 * which rounds to 0 once that tail is below about 1e-16, halving the p-value of a large, lopsided table.
 */
export function mcnemarExact(onlyA: number, onlyB: number): number {
  const n = onlyA + onlyB;
  if (n === 0) return 1;
  const tail = binomialTest(Math.min(onlyA, onlyB), n, { p: 0.5, alternative: 'less' }).pValue;
  return Math.min(1, 2 * tail);
}

/**
 * Newcombe's interval for the difference of paired proportions (method 10 of Newcombe 1998, Stat Med 17:2635,
 * "square and add" of the two Wilson intervals with the correlation of the two rates), as given in Altman et al.,
 * Statistics with Confidence (2000), and Fagerland, Lydersen and Laake, Statistical Analysis of Contingency
 * Tables (2017), chapter 8: the correlation estimate phi is (ad - bc - n/2) / sqrt(product of the margins) when
 * ad - bc > n/2, 0 when 0 <= ad - bc <= n/2, (ad - bc) / sqrt(...) when negative, and 0 when a margin is empty.
 */
export function pairedDifferenceInterval(c: PairedCounts, z = Z95): [number, number] {
  const n = c.both + c.onlyA + c.onlyB + c.neither;
  if (n === 0) return [-1, 1];
  const winsA = c.both + c.onlyA;
  const winsB = c.both + c.onlyB;
  const p1 = winsA / n;
  const p2 = winsB / n;
  const [l1, u1] = wilson(winsA, n, z);
  const [l2, u2] = wilson(winsB, n, z);
  const margins = winsA * (n - winsA) * winsB * (n - winsB);
  let phi = 0;
  if (margins > 0) {
    const cross = c.both * c.neither - c.onlyA * c.onlyB;
    if (cross > n / 2) phi = (cross - n / 2) / Math.sqrt(margins);
    else if (cross < 0) phi = cross / Math.sqrt(margins);
  }
  const d = p1 - p2;
  const below = Math.sqrt(Math.max(0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2));
  const above = Math.sqrt(Math.max(0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2));
  return [Math.max(-1, d - below), Math.min(1, d + above)];
}

/** Every figure of a paired comparison from its 2x2 table. */
export function pairedSummary(c: PairedCounts): PairedSummary {
  const deals = c.both + c.onlyA + c.onlyB + c.neither;
  const winsA = c.both + c.onlyA;
  const winsB = c.both + c.onlyB;
  const rateA = deals > 0 ? winsA / deals : 0;
  const rateB = deals > 0 ? winsB / deals : 0;
  return {
    counts: c,
    deals,
    winsA,
    winsB,
    rateA,
    rateB,
    ciA: wilson(winsA, deals),
    ciB: wilson(winsB, deals),
    difference: rateA - rateB,
    differenceCi: pairedDifferenceInterval(c),
    pValue: mcnemarExact(c.onlyA, c.onlyB),
  };
}
