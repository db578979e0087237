import { describe, expect, it } from 'vitest';
import { resultsCsv } from '../src/stats/csv.js';
import { COLUMNS, formatTable, meanOf, medianOf, resultRow } from '../src/stats/results.js';
import { emptyTally, formatRanges, mergeRanges, mergeTally } from '../src/stats/tally.js';
import { Z95, wilson } from '../src/stats/wilson.js';
import { solvabilityInterval, twoStageEstimate } from '../src/stats/solvability.js';

describe('Wilson interval', () => {
  it('matches the published values (Newcombe 1998, Table I, method 3)', () => {
    const cases: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [wins, n, lo, hi] of cases) {
      const [low, high] = wilson(wins, n);
      expect(low).toBeCloseTo(lo, 3);
      expect(high).toBeCloseTo(hi, 3);
    }
  });

  it('is [0, 1] with no trials and always contains the observed rate', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
    for (const [w, n] of [
      [3, 7],
      [999, 1000],
      [1000, 1000],
      [1, 3],
    ] as const) {
      const [lo, hi] = wilson(w, n);
      expect(lo).toBeLessThanOrEqual(w / n);
      expect(hi).toBeGreaterThanOrEqual(w / n);
    }
  });
});

describe('histograms and tallies', () => {
  it('gives the mean and median of the values counted', () => {
    expect(meanOf([0, 2, 0, 2])).toBe(2); // 1,1,3,3
    expect(medianOf([0, 2, 0, 2])).toBe(2); // (1+3)/2
    expect(medianOf([1, 1, 1])).toBe(1);
    expect(medianOf([0, 0, 5])).toBe(2);
  });

  it('adds tallies in any order to the same counts and merges deal ranges', () => {
    const a = emptyTally(3);
    Object.assign(a, { deals: 2, wins: 1, moves: 10, histogram: [1, 0, 0, 1], ranges: [[10, 11]], wonDeals: [11] });
    const b = emptyTally(3);
    Object.assign(b, { deals: 3, wins: 0, moves: 5, histogram: [0, 3, 0, 0], ranges: [[0, 9]], wonDeals: [] });
    const ab = mergeTally(mergeTally(emptyTally(3), a), b);
    const ba = mergeTally(mergeTally(emptyTally(3), b), a);
    expect(ab).toEqual(ba);
    expect(ab.ranges).toEqual([[0, 11]]);
    expect(
      formatRanges(
        mergeRanges([
          [5, 9],
          [0, 2],
          [3, 4],
          [20, 20],
        ]),
      ),
    ).toBe('0-9,20');
  });
});

describe('result rows and CSV', () => {
  it('writes the fixed columns with the run details', () => {
    const t = emptyTally(2);
    Object.assign(t, { deals: 4, wins: 1, moves: 40, histogram: [1, 2, 1], ranges: [[0, 3]], busyMs: 2 });
    const row = resultRow(
      { game: 'g', options: 'a=1 b=x', player: 'p', playerSettings: '', seed: 's', version: '9.9.9', partial: false },
      t,
    );
    const text = resultsCsv([row]);
    const [header, line, end] = text.split('\n'); // no field here needs quoting
    expect(end).toBe('');
    expect(header!.split(',')).toEqual([...COLUMNS]);
    const values = line!.split(',');
    const records = [Object.fromEntries(COLUMNS.map((c, i) => [c, values[i]!]))];
    expect(records[0]).toMatchObject({
      game: 'g',
      options: 'a=1 b=x',
      seed: 's',
      deals: '4',
      wins: '1',
      win_rate: '0.250000000',
      mean_cards_on_foundations: '1.000',
      median_cards_on_foundations: '1',
      cards_in_play: '2',
      first_deal: '0',
      last_deal: '3',
      deal_ranges: '0-3',
      partial: 'false',
      version: '9.9.9',
      histogram: '1 2 1',
      mean_moves: '10.0',
      total_moves: '40',
    });
    expect(Number(records[0]!['ci_low'])).toBeCloseTo(wilson(1, 4)[0], 9);
  });
});

describe('solvability interval (Solvitaire: unknown deals counted both ways)', () => {
  it('runs from the Wilson low of solved to the Wilson high of solved + unknown', () => {
    const [low, high] = solvabilityInterval({ deals: 1000, solved: 300, unknown: 50 });
    expect(low).toBeCloseTo(wilson(300, 1000)[0], 12);
    expect(high).toBeCloseTo(wilson(350, 1000)[1], 12);
    expect(low).toBeLessThan(0.3);
    expect(high).toBeGreaterThan(0.35);
  });

  it('is the plain Wilson interval when nothing is unknown, and spans everything when all is', () => {
    expect(solvabilityInterval({ deals: 200, solved: 20, unknown: 0 })).toEqual(wilson(20, 200));
    const [low, high] = solvabilityInterval({ deals: 50, solved: 0, unknown: 50 });
    expect(low).toBe(0);
    expect(high).toBe(1);
  });
});

describe('two-stage estimate (a subsample of the unknown deals searched further)', () => {
  it("is a + u q, q between the subsample's solved and solved + unknown shares; each end solves the score equation of the double-sampling variance", () => {
    // stage 1: 1000 deals, 400 solved, 100 lost, 500 unknown; stage 2: 50 of those, 30 solved, 10 lost, 10 unknown
    const t = {
      deals: 1000,
      solved: 430,
      unsolvable: 110,
      unknown: 460,
      sampled: 50,
      sampledSolved: 30,
      sampledUnsolvable: 10,
    };
    const e = twoStageEstimate(t)!;
    expect(e.low).toBeCloseTo(0.4 + 0.5 * 0.6, 12);
    expect(e.high).toBeCloseTo(0.4 + 0.5 * 0.8, 12);
    // at each end's q: u^2 (q^ - q)^2 = z^2 (theta(1 - theta)/N + u^2 q(1 - q)/n (1 - n/U)), theta = a + u q
    const variance = (q: number) =>
      ((0.4 + 0.5 * q) * (0.6 - 0.5 * q)) / 1000 + ((0.25 * q * (1 - q)) / 50) * (1 - 50 / 500);
    const qLow = (e.ciLow - 0.4) / 0.5;
    const qHigh = (e.ciHigh - 0.4) / 0.5;
    expect(qLow).toBeLessThan(0.6);
    expect(qHigh).toBeGreaterThan(0.8);
    expect(0.25 * (0.6 - qLow) ** 2).toBeCloseTo(Z95 * Z95 * variance(qLow), 12);
    expect(0.25 * (0.8 - qHigh) ** 2).toBeCloseTo(Z95 * Z95 * variance(qHigh), 12);
  });

  it("with the first stage's deals without end, is the Wilson interval of the subsample's share, its size corrected for sampling without replacement", () => {
    const k = 1e9; // deals of stage 1, in the same shares as above
    const e = twoStageEstimate({
      deals: 1000 * k,
      solved: 400 * k + 30,
      unsolvable: 100 * k + 10,
      unknown: 500 * k - 40,
      sampled: 50,
      sampledSolved: 30,
      sampledUnsolvable: 10,
    })!;
    const [low] = wilson(30 * (1 / (1 - 50 / (500 * k))), 50 / (1 - 50 / (500 * k)));
    expect((e.ciLow - 0.4) / 0.5).toBeCloseTo(low, 6);
  });

  it('has no subsample to read when none was searched, and stays within [0, 1]', () => {
    expect(
      twoStageEstimate({
        deals: 10,
        solved: 5,
        unsolvable: 0,
        unknown: 5,
        sampled: 0,
        sampledSolved: 0,
        sampledUnsolvable: 0,
      }),
    ).toBeUndefined();
    const all = twoStageEstimate({
      deals: 20,
      solved: 20,
      unsolvable: 0,
      unknown: 0,
      sampled: 2,
      sampledSolved: 2,
      sampledUnsolvable: 0,
    })!;
    expect([all.low, all.high, all.ciHigh]).toEqual([1, 1, 1]);
    expect(all.ciLow).toBeLessThanOrEqual(1);
  });
});

describe('the summary table', () => {
  it('right-aligns the numbers and left-aligns the names', () => {
    const info = { game: 'shah', options: '', playerSettings: '', seed: '1', version: 'x', partial: false };
    const small = { ...emptyTally(88), deals: 5, wins: 0, histogram: [5, ...new Array<number>(88).fill(0)] };
    const large = {
      ...emptyTally(88),
      deals: 1_000_000,
      wins: 3020,
      histogram: [996_980, ...new Array<number>(87).fill(0), 3020],
    };
    expect(
      formatTable([
        resultRow({ ...info, player: 'random-no-undo' }, small),
        resultRow({ ...info, player: 'greedy' }, large),
      ]),
    ).toBe(
      [
        'game  player            deals  wins  win rate           95% CI  mean cards  median  ms/deal',
        '----  --------------  -------  ----  --------  ---------------  ----------  ------  -------',
        'shah  random-no-undo        5     0        0%       0% - 43.4%    0.000/88       0   0.0000',
        'shah  greedy          1000000  3020    0.302%  0.291% - 0.313%    0.266/88       0   0.0000',
      ].join('\n'),
    );
  });
});
