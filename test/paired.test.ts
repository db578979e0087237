// Paired statistics against published values, and the sequential test's error rates by simulation.

import binomialTest from '@stdlib/stats-binomial-test';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { mcnemarExact, pairedCounts, pairedDifferenceInterval, pairedSummary } from '../src/stats/paired.js';
import { SPRT_DEFAULTS, sprtBounds, sprtStep, startSprt, type SprtDecision } from '../src/stats/sprt.js';

/** 2 P(X <= k) for X ~ Binomial(n, 1/2), exactly in big integers, to 1e-200. */
function exactTwoSided(k: number, n: number): number {
  let sum = 0n;
  let c = 1n;
  for (let i = 0; i <= k; i++) {
    sum += c;
    c = (c * BigInt(n - i)) / BigInt(i + 1);
  }
  return Math.min(1, (2 * Number((sum * 10n ** 200n) >> BigInt(n))) / 1e200);
}

describe('the binomial test from @stdlib', () => {
  it("gives R's published example: binom.test(682, 925, p = 3/4), p = 0.3825", () => {
    expect(binomialTest(682, 925, { p: 0.75 }).pValue).toBeCloseTo(0.3825, 4);
  });
});

describe('exact McNemar test', () => {
  it("matches statsmodels' mcnemar(exact=True) on Cavo et al. 2012 (Fagerland et al. 2017, table 8.x): 6 vs 16, p = 0.0525", () => {
    // statsmodels: mcnemar([[59, 6], [16, 80]], exact=True).pvalue == 0.052478790283203125
    expect(mcnemarExact(6, 16)).toBeCloseTo(0.052478790283203125, 15);
    expect(mcnemarExact(16, 6)).toBe(mcnemarExact(6, 16));
  });

  it('gives the binomial tail on small tables', () => {
    expect(mcnemarExact(1, 9)).toBeCloseTo(0.021484375, 15); // 2 * 11 / 1024
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 15);
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(11, 11)).toBe(1);
  });

  it('keeps both tails of a large lopsided table, where the two-sided figure of the library loses one', () => {
    for (const [b, c] of [
      [869, 2076],
      [100, 300],
      [1000, 2000],
      [40, 160],
    ] as const) {
      expect(mcnemarExact(b, c) / exactTwoSided(b, b + c)).toBeCloseTo(1, 9);
    }
  });
});

describe("Newcombe's interval for a paired difference", () => {
  it('gives the published interval for Cavo et al. 2012 (Fagerland, Lydersen and Laake 2017): -0.0621 (-0.1186 to -0.0046)', () => {
    const counts = { both: 59, onlyA: 6, onlyB: 16, neither: 80 };
    const [low, high] = pairedDifferenceInterval(counts);
    expect(pairedSummary(counts).difference).toBeCloseTo(-0.0621, 4);
    expect(low).toBeCloseTo(-0.1186, 4);
    expect(high).toBeCloseTo(-0.0046, 4);
  });

  it('is the mirror image when A and B swap, and holds the difference', () => {
    for (const c of [
      { both: 3, onlyA: 10, onlyB: 2, neither: 985 },
      { both: 0, onlyA: 0, onlyB: 0, neither: 50 },
      { both: 7, onlyA: 0, onlyB: 0, neither: 0 },
    ]) {
      const [l, h] = pairedDifferenceInterval(c);
      const [l2, h2] = pairedDifferenceInterval({ ...c, onlyA: c.onlyB, onlyB: c.onlyA });
      expect(l).toBeCloseTo(-h2, 12);
      expect(h).toBeCloseTo(-l2, 12);
      const d = pairedSummary(c).difference;
      expect(l).toBeLessThanOrEqual(d);
      expect(h).toBeGreaterThanOrEqual(d);
      expect(l).toBeGreaterThanOrEqual(-1);
      expect(h).toBeLessThanOrEqual(1);
    }
  });

  it('counts the table from per-deal results', () => {
    expect(pairedCounts([1, 1, 0, 0, 1], [1, 0, 1, 0, 0])).toEqual({ both: 1, onlyA: 2, onlyB: 1, neither: 1 });
    expect(() => pairedCounts([1], [1, 0])).toThrow();
  });
});

describe('the sequential probability ratio test, played with coin flips', () => {
  /** Run the test on flips that are A's with probability p until it decides; returns the decision and the flips used.
   * */
  function runOnce(p: number, rng: () => number): [SprtDecision, number] {
    const s = startSprt(SPRT_DEFAULTS);
    while (s.decision === 'undecided') sprtStep(s, rng() < p);
    return [s.decision, s.discordant];
  }
  const REPS = 4000;
  // Wald's bounds keep the real error rates at most alpha / (1 - beta) (about 0.0526); allow three standard errors.
  const limit = SPRT_DEFAULTS.alpha / (1 - SPRT_DEFAULTS.beta) + 3 * Math.sqrt((0.05 * 0.95) / REPS);

  it('accepts H1 in at most about 5% of runs when H0 is true (p = 1/2)', () => {
    const rng = seedrandom.alea('sprt-h0');
    let wrong = 0;
    let flips = 0;
    for (let r = 0; r < REPS; r++) {
      const [d, n] = runOnce(0.5, rng);
      if (d === 'H1') wrong++;
      flips += n;
    }
    expect(wrong / REPS).toBeLessThan(limit);
    expect(wrong / REPS).toBeGreaterThan(0.015); // it does decide for H1 sometimes: the test is not vacuous
    expect(flips / REPS).toBeLessThan(250); // and it stops early: Wald's approximation gives about 130
  });

  it('accepts H0 in at most about 5% of runs when H1 is true (p = 1/2 + delta)', () => {
    const rng = seedrandom.alea('sprt-h1');
    let wrong = 0;
    for (let r = 0; r < REPS; r++) if (runOnce(0.5 + SPRT_DEFAULTS.delta, rng)[0] === 'H0') wrong++;
    expect(wrong / REPS).toBeLessThan(limit);
    expect(wrong / REPS).toBeGreaterThan(0.015);
  });

  it('has symmetric bounds for alpha = beta, and stays decided', () => {
    const [low, high] = sprtBounds(SPRT_DEFAULTS);
    expect(low).toBeCloseTo(-Math.log(19), 12);
    expect(high).toBeCloseTo(Math.log(19), 12);
    const s = startSprt();
    for (let i = 0; i < 100; i++) sprtStep(s, true);
    expect(s.decision).toBe('H1');
    expect(s.discordant).toBe(17); // ceil(log 19 / log 1.2) = 17 straight wins for A
    expect(() => startSprt({ ...SPRT_DEFAULTS, delta: 0.5 })).toThrow(RangeError);
  });
});
