// `solve --from`: an escalation that goes on from an earlier run's per-deal verdicts ends with the verdicts, counts
// and two-stage estimate of the whole escalation run at once, searching only the deals the earlier run left
// unknown; and a bad earlier file is refused in one line, exit code 2, before any work.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { againHere, earlierStage, inSubsample, type EarlierVerdicts } from '../src/sim/solve-batch.js';
import { Outcome } from '../src/solve/solver.js';
import { SOLVE_BOUND } from '../src/stats/solvability.js';
import { csvRows, patience } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-from-'));
const SHAH = [
  'solve',
  '--game',
  'shah',
  '--seed',
  '2026',
  '--deals',
  '24',
  '--memory',
  '64',
  '--workers',
  '1',
  '--quiet',
];
/** The per-deal columns that do not depend on timing. */
const verdicts = (file: string) =>
  csvRows(file).map((r) => [r['deal'], r['outcome'], r['nodes'], r['moves'], r['budget']]);
/** The same, positions left out too (a run that searches deals again adds to them). */
const settled = (file: string) => csvRows(file).map((r) => [r['deal'], r['outcome'], r['moves'], r['budget']]);
const counts = (file: string) => {
  const [row] = csvRows(file);
  return [
    'deals',
    'solved',
    'unsolvable',
    'unknown',
    'nodes',
    'sampled',
    'sampled_solved',
    'estimate_low',
    'estimate_high',
    'estimate_ci_low',
    'estimate_ci_high',
  ].map((c) => row![c]);
};
/** The summary's counts but its positions. */
const notNodes = (file: string) => counts(file).filter((_, i) => i !== 4);
/** Earlier verdicts of deals first, first+1, ..., one row a deal: outcome, nodes, ms, moves, budget. */
const earlierOf = (first: number, rows: Array<[number, number, number, number, number]>): EarlierVerdicts => ({
  first,
  outcome: Uint8Array.from(rows.map((r) => r[0])),
  nodes: Float64Array.from(rows.map((r) => r[1])),
  ms: Float64Array.from(rows.map((r) => r[2])),
  moves: Uint32Array.from(rows.map((r) => r[3])),
  budget: Float64Array.from(rows.map((r) => r[4])),
});

describe('solve --from', () => {
  it('goes on from an earlier run: the same per-deal verdicts and two-stage estimate as the whole escalation, the file named in the row', async () => {
    const whole = await patience([
      ...SHAH,
      '--nodes',
      '300,3000,30000',
      '--subsample',
      '0.5',
      '-o',
      join(dir, 'whole.csv'),
      '--per-deal',
      join(dir, 'whole-d.csv'),
    ]);
    expect(whole.code).toBe(0);
    const first = await patience([
      ...SHAH,
      '--nodes',
      '300,3000',
      '-o',
      join(dir, 'first.csv'),
      '--per-deal',
      join(dir, 'first-d.csv'),
    ]);
    expect(first.code).toBe(0);
    const on = await patience([
      ...SHAH,
      '--nodes',
      '300,3000,30000',
      '--subsample',
      '0.5',
      '--from',
      join(dir, 'first-d.csv'),
      '--from-summary',
      join(dir, 'first.csv'),
      '-o',
      join(dir, 'on.csv'),
      '--per-deal',
      join(dir, 'on-d.csv'),
    ]);
    expect(on.stderr).toBe('');
    expect(on.code).toBe(0);
    expect(verdicts(join(dir, 'on-d.csv'))).toEqual(verdicts(join(dir, 'whole-d.csv')));
    expect(counts(join(dir, 'on.csv'))).toEqual(counts(join(dir, 'whole.csv')));
    // the deals the first run decided were not searched again: their rows are its rows, time included
    const firstRows = csvRows(join(dir, 'first-d.csv'));
    const onRows = csvRows(join(dir, 'on-d.csv'));
    const decided = firstRows.filter((r) => r['outcome'] !== 'unknown');
    expect(decided.length).toBeGreaterThan(0);
    for (const r of decided) expect(onRows.find((o) => o['deal'] === r['deal'])).toEqual(r);
    const [row] = csvRows(join(dir, 'on.csv'));
    expect(row!['sampled']).not.toBe('0'); // the last stage searched something
    expect(row!['from_per_deal']).toBe(join(dir, 'first-d.csv'));
    expect(row!['from_sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(csvRows(join(dir, 'whole.csv'))[0]!['from_sha256']).toBe('');
  });

  it("sets aside a verdict at the last budget of a deal outside this run's subsample, as the whole escalation run at once would", async () => {
    const eight = [
      'solve',
      '--game',
      'shah',
      '--seed',
      '2026',
      '--deals',
      '8',
      '--memory',
      '64',
      '--workers',
      '1',
      '--quiet',
      '--nodes',
      '300,3000',
    ];
    expect((await patience([...eight, '-o', join(dir, 'all.csv'), '--per-deal', join(dir, 'all-d.csv')])).code).toBe(0);
    expect(
      (
        await patience([
          ...eight,
          '--subsample',
          '0.5',
          '-o',
          join(dir, 'half.csv'),
          '--per-deal',
          join(dir, 'half-d.csv'),
        ])
      ).code,
    ).toBe(0);
    const on = await patience([
      ...eight,
      '--subsample',
      '0.5',
      '--from',
      join(dir, 'all-d.csv'),
      '--from-summary',
      join(dir, 'all.csv'),
      '-o',
      join(dir, 'half-on.csv'),
      '--per-deal',
      join(dir, 'half-on-d.csv'),
    ]);
    expect(on.code).toBe(0);
    // the same counts and estimate; the positions differ by the set-aside search, which the earlier run did spend
    expect(notNodes(join(dir, 'half-on.csv'))).toEqual(notNodes(join(dir, 'half.csv')));
    const outcomes = (file: string) => csvRows(file).map((r) => r['outcome']);
    expect(outcomes(join(dir, 'half-on-d.csv'))).toEqual(outcomes(join(dir, 'half-d.csv')));
    expect(outcomes(join(dir, 'all-d.csv'))).not.toEqual(outcomes(join(dir, 'half-d.csv'))); // the subsample left a verdict out
  });

  // --sample-from 3000 over four budgets: the subsample's deals go on through 3,000, 30,000 and 100,000
  const FOUR = ['--nodes', '300,3000,30000,100000', '--subsample', '0.5', '--sample-from', '3000'];
  const runTo = async (name: string, args: string[]) => {
    const run = await patience([
      ...SHAH,
      ...args,
      '-o',
      join(dir, `${name}.csv`),
      '--per-deal',
      join(dir, `${name}-d.csv`),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return run.stdout;
  };

  it('--sample-from: the subsample goes on through every budget from it, the other deals stand at the budget before', async () => {
    const text = await runTo('s', FOUR);
    await runTo('s1', ['--nodes', '300']);
    await runTo('s4', ['--nodes', '300,3000,30000,100000']);
    const rows = csvRows(join(dir, 's-d.csv'));
    const alone = csvRows(join(dir, 's1-d.csv'));
    const all = csvRows(join(dir, 's4-d.csv'));
    const key = (r: Record<string, string> | undefined) => [r!['outcome'], r!['nodes'], r!['moves'], r!['budget']];
    // a deal decided at 300 is as alone; one unknown there is either in the subsample, searched on as by the
    // whole escalation, or stands unknown at 300
    const searched = rows.filter((r, i) => {
      if (alone[i]!['outcome'] !== 'unknown' || r['budget'] === '300') {
        expect(key(r)).toEqual(key(alone[i]));
        return false;
      }
      expect(key(r)).toEqual(key(all[i]));
      return true;
    });
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.length).toBeLessThan(alone.filter((r) => r['outcome'] === 'unknown').length);
    // the deals searched on are those the subsample draws (inSubsample), of the deals unknown at 300
    const drawn = alone
      .filter((r) => r['outcome'] === 'unknown' && inSubsample('2026', 'shah', Number(r['deal']), 0.5))
      .map((r) => r['deal']);
    expect(searched.map((r) => r['deal'])).toEqual(drawn);
    // every budget from 3,000 on counts for the second stage, not only the last: some deal is decided before it
    expect(searched.some((r) => r['outcome'] !== 'unknown' && r['budget'] !== '100000')).toBe(true);
    const [row] = csvRows(join(dir, 's.csv'));
    expect(row!['sampled']).toBe(String(searched.length));
    expect(row!['sampled_solved']).toBe(String(searched.filter((r) => r['outcome'] === 'solved').length));
    expect(row!['sampled_unsolvable']).toBe(String(searched.filter((r) => r['outcome'] === 'unsolvable').length));
    expect(row!['sampled_from']).toBe('3000');
    expect(csvRows(join(dir, 's4.csv'))[0]!['sampled_from']).toBe(''); // no subsample
    expect(text).toContain(
      '300, then 3,000 (for a random 50% of the deals still unknown, at this budget and those after it), then 30,000, then 100,000 positions',
    );
    expect(text).toContain(`(of the deals unknown at 300 positions, a random ${searched.length} searched further:`);
  });

  it('--sample-from with --from: a run sampled at its last budget goes on to the same verdicts and estimate as the whole run', async () => {
    await runTo('h', ['--nodes', '300,3000', '--subsample', '0.5']);
    expect(csvRows(join(dir, 'h.csv'))[0]!['sampled_from']).toBe('3000'); // the last budget when not given
    await runTo('s-on', [...FOUR, '--from', join(dir, 'h-d.csv'), '--from-summary', join(dir, 'h.csv')]);
    expect(verdicts(join(dir, 's-on-d.csv'))).toEqual(verdicts(join(dir, 's-d.csv')));
    expect(counts(join(dir, 's-on.csv'))).toEqual(counts(join(dir, 's.csv')));
  });

  it('--sample-from with --from: a verdict at a sampled budget below the last, of a deal outside the subsample, is set aside', async () => {
    await runTo('n3', ['--nodes', '300,3000,30000']);
    await runTo('n3-on', [...FOUR, '--from', join(dir, 'n3-d.csv'), '--from-summary', join(dir, 'n3.csv')]);
    // the same outcomes, counts and estimate as the whole run; positions differ by the set-aside search
    const outcomes = (file: string) => csvRows(file).map((r) => [r['deal'], r['outcome'], r['budget']]);
    expect(outcomes(join(dir, 'n3-on-d.csv'))).toEqual(outcomes(join(dir, 's-d.csv')));
    expect(notNodes(join(dir, 'n3-on.csv'))).toEqual(notNodes(join(dir, 's.csv')));
    // the earlier run decided some deal outside the subsample at 3,000 or 30,000: it stands unknown at 300 here
    const earlier = new Map(csvRows(join(dir, 'n3-d.csv')).map((r) => [r['deal'], r]));
    const setAside = csvRows(join(dir, 'n3-on-d.csv')).filter(
      (r) =>
        r['budget'] === '300' &&
        earlier.get(r['deal'])!['outcome'] !== 'unknown' &&
        earlier.get(r['deal'])!['budget'] !== '300',
    );
    expect(setAside.length).toBeGreaterThan(0);
    for (const r of setAside)
      expect([r['outcome'], earlier.get(r['deal'])!['budget']]).toEqual([
        'unknown',
        expect.stringMatching(/^(3000|30000)$/),
      ]);
  });

  it.each([
    [
      'the first budget',
      ['--subsample', '0.5', '--sample-from', '300'],
      /--sample-from must be one of the --nodes budgets after the first \(3,000, 30,000\), got 300$/,
    ],
    ['a budget not listed', ['--subsample', '0.5', '--sample-from', '5000'], /got 5,000$/],
    ['no subsample', ['--sample-from', '3000'], /--sample-from needs --subsample below 1/],
    ['a subsample of 1', ['--subsample', '1', '--sample-from', '3000'], /--sample-from needs --subsample below 1/],
    [
      'a list',
      ['--subsample', '0.5', '--sample-from', '3000,30000'],
      /option '--sample-from <n>' argument '3000,30000' is invalid. It must be one of the --nodes budgets/,
    ],
  ])('--sample-from refuses %s in one line, exit code 2, writing nothing', async (_name, extra, message) => {
    const run = await patience([...SHAH, '--nodes', '300,3000,30000', ...extra, '-o', join(dir, 'never.csv')]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(() => readFileSync(join(dir, 'never.csv'))).toThrow();
  });

  it('keeps a deal decided at a listed budget, searches one left unknown from the next budget, and sets aside a verdict at a budget not listed', () => {
    const earlier = earlierOf(10, [
      [Outcome.Solved, 50, 1, 120, 300],
      [Outcome.Unknown, 400, 2, 0, 300],
      [Outcome.Solved, 5000, 3, 130, 5000],
      [Outcome.Unknown, 3300, 4, 0, 3000],
      [Outcome.Unsolvable, 90, 5, 0, 300],
    ]);
    const budgets = [300, 3000, 30000];
    expect(earlierStage(earlier, 0, budgets).taken).toMatchObject({
      stage: 0,
      nodes: 50,
      verdict: { outcome: Outcome.Solved },
    });
    expect(earlierStage(earlier, 1, budgets)).toEqual({ from: 1, spent: { nodes: 400, ms: 2 } });
    expect(earlierStage(earlier, 2, budgets)).toEqual({ from: 2, spent: { nodes: 5000, ms: 3 } }); // 5,000 is not listed
    expect(earlierStage(earlier, 3, budgets)).toEqual({ from: 2, spent: { nodes: 3300, ms: 4 } });
    expect(earlierStage(earlier, 4, budgets).taken).toMatchObject({
      stage: 0,
      verdict: { outcome: Outcome.Unsolvable },
    });
    expect(earlierStage(earlier, 3, [300, 3000]).taken).toMatchObject({
      stage: 1,
      verdict: { outcome: Outcome.Unknown },
    });
  });

  const header = 'deal,outcome,nodes,ms,moves,budget\n';
  const rows = (n: number, row = (i: number) => `${i},unknown,300,1.00,0,300`) =>
    Array.from({ length: n }, (_, i) => row(i)).join('\n') + '\n';
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const BAD: Array<[string, string, string[], RegExp]> = [
    ['a deal missing', header + rows(23), [], /holds no verdict for deal 23/],
    ['a deal twice', header + rows(24) + '5,unknown,300,1.00,0,300\n', [], /line 26: deal 5 a second time/],
    [
      'another header',
      'deal,player,won,cards,moves,stalled\n0,greedy,true,88,100,false\n',
      [],
      /is not a per-deal file of solve/,
    ],
    ['a bad outcome', header + rows(24, (i) => `${i},won,300,1.00,0,300`), [], /bad outcome 'won'/],
    [
      'a budget above the largest',
      header + rows(24, (i) => `${i},unknown,300,1.00,0,${i === 7 ? 1e6 : 300}`),
      [],
      /deal 7 was searched at 1,000,000 positions, more than the largest/,
    ],
    [
      'winning lines asked for',
      header + rows(24),
      ['--solutions', join(dir, 'never.jsonl')],
      /--solutions cannot be given with --from/,
    ],
  ];
  const NO_SUMMARY = 'no --from-summary';
  const summary = (game: string, seed: string) =>
    file(
      `summary-${game}-${seed}.csv`,
      `game,options,bound,seed,version\n${game},edition=cadogan refillSource=choice groupMoves=false,${SOLVE_BOUND},${seed},0.6.0\n`,
    );
  BAD.push(
    [
      'a summary of another game',
      header + rows(24),
      ['--from-summary', summary('congress', '2026')],
      /--from-summary: .* is another run: game 'congress', this run's 'shah'/,
    ],
    [
      'a summary of another seed',
      header + rows(24),
      ['--from-summary', summary('shah', '7')],
      /is another run: seed '7', this run's '2026'/,
    ],
    ['a per-deal file without its summary', header + rows(24), [NO_SUMMARY], /--from and --from-summary go together/],
  );
  it('--again: the deals an earlier run left unknown are searched again at the first budget, and a verdict reached there stands', async () => {
    // an earlier run that decided nothing at 300 positions (a weaker version's, say); this version decides some there
    const earlier = file('weak-d.csv', header + rows(24));
    const plain = await patience([
      ...SHAH,
      '--nodes',
      '300',
      '-o',
      join(dir, 'plain.csv'),
      '--per-deal',
      join(dir, 'plain-d.csv'),
    ]);
    expect(plain.code).toBe(0);
    const decided = csvRows(join(dir, 'plain-d.csv')).filter((r) => r['outcome'] !== 'unknown');
    expect(decided.length).toBeGreaterThan(0);
    const go = (name: string, extra: string[]) =>
      patience([
        ...SHAH,
        '--nodes',
        '300',
        '--from',
        earlier,
        '--from-summary',
        summary('shah', '2026'),
        ...extra,
        '-o',
        join(dir, `${name}.csv`),
        '--per-deal',
        join(dir, `${name}-d.csv`),
      ]);
    expect((await go('kept', [])).code).toBe(0);
    expect(csvRows(join(dir, 'kept-d.csv')).every((r) => r['outcome'] === 'unknown')).toBe(true); // taken as they were
    expect(csvRows(join(dir, 'kept.csv'))[0]!['from_again']).toBe('false');
    const again = await go('again', ['--again']);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const rowsAgain = csvRows(join(dir, 'again-d.csv'));
    const rowsPlain = csvRows(join(dir, 'plain-d.csv'));
    expect(settled(join(dir, 'again-d.csv'))).toEqual(settled(join(dir, 'plain-d.csv')));
    // each deal's positions add this search to the earlier run's 300
    expect(rowsAgain.map((r) => Number(r['nodes']))).toEqual(rowsPlain.map((r) => Number(r['nodes']) + 300));
    const [row] = csvRows(join(dir, 'again.csv'));
    expect(row!['from_again']).toBe('true');
    expect(row!['solved']).toBe(csvRows(join(dir, 'plain.csv'))[0]!['solved']);
    // a verdict searched again that contradicts the earlier one stops the run: here a deal solved at 300 that a
    // (made-up) earlier run claims its subsample proved lost at 3,000
    const won = Number(decided.find((r) => r['outcome'] === 'solved')!['deal']);
    const claims = file(
      'claims-d.csv',
      header + rows(24, (i) => (i === won ? `${i},unsolvable,3300,2.00,0,3000` : `${i},unknown,300,1.00,0,300`)),
    );
    const stopped = await patience([
      ...SHAH,
      '--nodes',
      '300,3000',
      '--subsample',
      '0.5',
      '--from',
      claims,
      '--from-summary',
      summary('shah', '2026'),
      '--again',
      '-o',
      join(dir, 'claims.csv'),
    ]);
    expect(stopped.code).not.toBe(0);
    expect(stopped.stderr).toMatch(
      new RegExp(`deal ${won}: searched again, it is solved, where the earlier run found it unsolvable`),
    );
    expect(existsSync(join(dir, 'claims.csv'))).toBe(false);
    // without a subsample a decided deal is not searched again: from the plain run, only its unknown deals are
    const twice = await patience([
      ...SHAH,
      '--nodes',
      '300',
      '--from',
      join(dir, 'plain-d.csv'),
      '--from-summary',
      join(dir, 'plain.csv'),
      '--again',
      '-o',
      join(dir, 'twice.csv'),
      '--per-deal',
      join(dir, 'twice-d.csv'),
    ]);
    expect(twice.code).toBe(0);
    csvRows(join(dir, 'twice-d.csv')).forEach((r, k) => {
      const p = rowsPlain[k]!;
      expect([r['outcome'], Number(r['nodes'])], `deal ${r['deal']}`).toEqual([
        p['outcome'],
        Number(p['nodes']) * (p['outcome'] === 'unknown' ? 2 : 1),
      ]);
    });
  });

  it('--again searches again what the earlier run left unknown or decided only at a sampled budget, not what it decided below them', () => {
    const earlier = earlierOf(0, [
      [Outcome.Solved, 50, 1, 120, 300],
      [Outcome.Unsolvable, 90, 2, 0, 3000],
      [Outcome.Unknown, 400, 3, 0, 3000],
      [Outcome.Solved, 5000, 4, 130, 30000],
      [Outcome.Unknown, 40000, 5, 0, 30000],
    ]);
    const budgets = [300, 3000, 30000];
    const sampledFrom = 2; // 30,000: the subsample's budget
    expect([0, 1, 2, 3, 4].map((k) => againHere(earlierStage(earlier, k, budgets), sampledFrom))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    // without a subsample only what it left unknown
    expect([0, 1, 2, 3, 4].map((k) => againHere(earlierStage(earlier, k, budgets)))).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);
  });

  it('--again from a run of this version changes no verdict or count: only the positions of the deals searched again grow', async () => {
    const sampled = ['--nodes', '300,30000', '--subsample', '0.5'];
    await runTo('same', sampled);
    await runTo('same-again', [
      ...sampled,
      '--from',
      join(dir, 'same-d.csv'),
      '--from-summary',
      join(dir, 'same.csv'),
      '--again',
    ]);
    const before = csvRows(join(dir, 'same-d.csv'));
    const after = csvRows(join(dir, 'same-again-d.csv'));
    expect(settled(join(dir, 'same-again-d.csv'))).toEqual(settled(join(dir, 'same-d.csv')));
    expect(notNodes(join(dir, 'same-again.csv'))).toEqual(notNodes(join(dir, 'same.csv')));
    // searched again: what it left unknown, and what only its subsample decided (at 30,000); the rest as it was
    let again = 0;
    before.forEach((r, k) => {
      const searched = r['outcome'] === 'unknown' || r['budget'] === '30000';
      if (searched) again++;
      expect(Number(after[k]!['nodes']) > Number(r['nodes']), `deal ${r['deal']}`).toBe(searched);
    });
    expect(again).toBeGreaterThan(0);
    expect(before.some((r) => r['budget'] === '30000' && r['outcome'] === 'solved')).toBe(true);
    expect(csvRows(join(dir, 'same-again.csv'))[0]!['sampled']).toBe(csvRows(join(dir, 'same.csv'))[0]!['sampled']);
  });

  it('refuses --again without --from in one line, exit code 2', async () => {
    const run = await patience([...SHAH, '--nodes', '300', '--again', '-o', join(dir, 'never-again.csv')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--again searches again the deals of an earlier run/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each(BAD)('refuses %s in one line, exit code 2, writing nothing', async (name, text, extra, message) => {
    const out = join(dir, `bad-${name.replace(/\W+/g, '-')}.csv`);
    // the right summary unless the case gives its own, or none
    const given = extra.includes(NO_SUMMARY)
      ? []
      : extra.includes('--from-summary')
        ? extra
        : [...extra, '--from-summary', summary('shah', '2026')];
    const run = await patience([
      ...SHAH,
      '--nodes',
      '300,3000',
      '--from',
      file(`${name.replace(/\W+/g, '-')}-d.csv`, text),
      '-o',
      out,
      ...given,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(() => readFileSync(out)).toThrow();
  });
});
