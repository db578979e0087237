// The two-stage estimate's interval (stats/solvability.ts) holds what its low end says: the design is simulated
// with the sizes of each committed reading that has a subsample (its deals N, stage-1 shares and subsample size n,
// read from results/solvability/), in the worst case its data allow for the low end, which must miss the true
// share at most 2.5% of the time (the low end of a two-sided 95% interval), give or take the simulation's own
// error. And the committed summaries' estimate columns are those of the stage counts their per-deal files hold.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { seededRng, type Rng } from '../src/core/random.js';
import { stageColumns, twoStageEstimate, type StageCounts } from '../src/stats/solvability.js';

const SOLVABILITY = join(import.meta.dirname, '..', 'results', 'solvability');
const rowsOf = (file: string) =>
  parse(readFileSync(join(SOLVABILITY, file), 'utf8'), { columns: true }) as Array<Record<string, string>>;

/** The committed readings whose last budgets searched a subsample: file name and summary row. */
const READINGS = ['shah-cadogan', 'shah-hoffmann', 'napoleons-square', 'hemispheres'].map((name) => ({
  name,
  row: rowsOf(`${name}.csv`)[0]!,
}));

/** A binomial draw by inversion, in chunks of at most 500 trials so that (1 - p)^m stays far from underflow. */
function binomial(rng: Rng, n: number, p: number): number {
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  if (p <= 0) return 0;
  let k = 0;
  for (let left = n; left > 0; left -= 500) {
    const m = Math.min(left, 500);
    let f = (1 - p) ** m;
    let u = rng();
    let x = 0;
    while (u > f && x < m) {
      u -= f;
      f *= ((m - x) / (x + 1)) * (p / (1 - p));
      x++;
    }
    k += x;
  }
  return k;
}

/**
 * How often each end misses: `trials` runs of the design. Each of N deals is solved in stage 1 with chance a, left
 * unknown with chance u, else lost; n of the U unknown are searched further, each winnable with chance q and then
 * solved there, else proved lost: none is left unknown (for the low end the worst case, every deal the second
 * stage leaves undecided being lost, so that the low point is unbiased). The true share is a + u q.
 */
function misses(
  N: number,
  a: number,
  u: number,
  n: number,
  q: number,
  trials: number,
  rng: Rng,
): { low: number; high: number } {
  const theta = a + u * q;
  let low = 0;
  let high = 0;
  for (let t = 0; t < trials; t++) {
    const A = binomial(rng, N, a);
    const U = binomial(rng, N - A, u / (1 - a));
    const size = Math.min(n, U);
    const W = binomial(rng, size, q);
    const counts: StageCounts = {
      deals: N,
      solved: A + W,
      unsolvable: N - A - U + (size - W),
      unknown: U - size,
      sampled: size,
      sampledSolved: W,
      sampledUnsolvable: size - W,
    };
    const e = twoStageEstimate(counts)!;
    if (e.ciLow > theta) low++;
    if (e.ciHigh < theta) high++;
  }
  return { low: low / trials, high: high / trials };
}

describe('the two-stage interval, simulated with the committed readings', () => {
  const TRIALS = 20_000;
  // 2.5% and three standard errors of a share near 2.5% estimated from TRIALS runs
  const MOST = 0.025 + 3 * Math.sqrt((0.025 * 0.975) / TRIALS);

  for (const { name, row } of READINGS) {
    it(`its low end misses the true share at most 2.5% of the time, give or take three standard errors: ${name}`, () => {
      const N = Number(row['deals']);
      const n = Number(row['sampled']);
      const W = Number(row['sampled_solved']);
      const Y = n - W - Number(row['sampled_unsolvable']);
      const U = Number(row['unknown']) - Y + n;
      const a = (Number(row['solved']) - W) / N;
      const u = U / N;
      const rng = seededRng(`two-stage:${name}`);
      // the low end's worst case: the subsample's unknown deals all lost (q at its low point)
      const atLow = misses(N, a, u, n, W / n, TRIALS, rng);
      expect(atLow.low, `low end missed, ${name}`).toBeLessThanOrEqual(MOST);
    });
  }
});

describe('the committed summaries', () => {
  for (const { name, row } of READINGS) {
    it(`hold the two-stage estimate of the stage counts in their per-deal file: ${name}`, () => {
      const deals = rowsOf(`${name}-deals.csv`);
      const from = Number(row['sampled_from']);
      const sampled = deals.filter((d) => Number(d['budget']) >= from);
      const counts: StageCounts = {
        deals: deals.length,
        solved: deals.filter((d) => d['outcome'] === 'solved').length,
        unsolvable: deals.filter((d) => d['outcome'] === 'unsolvable').length,
        unknown: deals.filter((d) => d['outcome'] === 'unknown').length,
        sampled: sampled.length,
        sampledSolved: sampled.filter((d) => d['outcome'] === 'solved').length,
        sampledUnsolvable: sampled.filter((d) => d['outcome'] === 'unsolvable').length,
      };
      const columns = stageColumns(counts, Number(row['subsample']));
      for (const [column, value] of Object.entries(columns)) expect(row[column], column).toBe(value);
    });
  }
});
