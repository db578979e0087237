// `solve --from`: an escalation that goes on from an earlier run's per-deal verdicts ends with the verdicts, counts
// and two-stage estimate of the whole escalation run at once, searching only the deals the earlier run left
// unknown; and a bad earlier file is refused in one line, exit code 2, before any work.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { earlierStage, type EarlierVerdicts } from '../src/sim/solve-batch.js';
import { Outcome } from '../src/solve/solver.js';
import { csvRows, patience } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'patience-from-'));
const SHAH = ['solve', '--game', 'shah', '--seed', '2026', '--deals', '24', '--memory', '64', '--workers', '1', '--quiet'];
/** The per-deal columns that do not depend on timing. */
const verdicts = (file: string) => csvRows(file).map((r) => [r['deal'], r['outcome'], r['nodes'], r['moves'], r['budget']]);
const counts = (file: string) => {
  const [row] = csvRows(file);
  return ['deals', 'solved', 'unsolvable', 'unknown', 'nodes', 'sampled', 'sampled_solved', 'estimate_low', 'estimate_high', 'estimate_ci_low', 'estimate_ci_high'].map((c) => row![c]);
};

describe('solve --from', () => {
  it('goes on from an earlier run: the same per-deal verdicts and two-stage estimate as the whole escalation, the file named in the row', async () => {
    const whole = await patience([...SHAH, '--nodes', '300,3000,30000', '--subsample', '0.5', '-o', join(dir, 'whole.csv'), '--per-deal', join(dir, 'whole-d.csv')]);
    expect(whole.code).toBe(0);
    const first = await patience([...SHAH, '--nodes', '300,3000', '-o', join(dir, 'first.csv'), '--per-deal', join(dir, 'first-d.csv')]);
    expect(first.code).toBe(0);
    const on = await patience([...SHAH, '--nodes', '300,3000,30000', '--subsample', '0.5', '--from', join(dir, 'first-d.csv'), '-o', join(dir, 'on.csv'), '--per-deal', join(dir, 'on-d.csv')]);
    expect(on.stderr).toBe('');
    expect(on.code).toBe(0);
    expect(verdicts(join(dir, 'on-d.csv'))).toEqual(verdicts(join(dir, 'whole-d.csv')));
    expect(counts(join(dir, 'on.csv'))).toEqual(counts(join(dir, 'whole.csv')));
    const [row] = csvRows(join(dir, 'on.csv'));
    expect(row!['sampled']).not.toBe('0'); // the last stage searched something
    expect(row!['from_per_deal']).toBe(join(dir, 'first-d.csv'));
    expect(row!['from_sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(csvRows(join(dir, 'whole.csv'))[0]!['from_sha256']).toBe('');
  });

  it('keeps a deal decided at a listed budget, searches one left unknown from the next budget, and sets aside a verdict at a budget not listed', () => {
    const earlier: EarlierVerdicts = {
      first: 10,
      outcome: Uint8Array.from([Outcome.Solved, Outcome.Unknown, Outcome.Solved, Outcome.Unknown, Outcome.Unsolvable]),
      nodes: Float64Array.from([50, 400, 5000, 3300, 90]),
      ms: Float64Array.from([1, 2, 3, 4, 5]),
      moves: Uint32Array.from([120, 0, 130, 0, 0]),
      budget: Float64Array.from([300, 300, 5000, 3000, 300]),
    };
    const budgets = [300, 3000, 30000];
    expect(earlierStage(earlier, 0, budgets).taken).toMatchObject({ stage: 0, nodes: 50, verdict: { outcome: Outcome.Solved } });
    expect(earlierStage(earlier, 1, budgets)).toEqual({ from: 1, spent: { nodes: 400, ms: 2 } });
    expect(earlierStage(earlier, 2, budgets)).toEqual({ from: 2, spent: { nodes: 5000, ms: 3 } }); // 5,000 is not listed
    expect(earlierStage(earlier, 3, budgets)).toEqual({ from: 2, spent: { nodes: 3300, ms: 4 } });
    expect(earlierStage(earlier, 4, budgets).taken).toMatchObject({ stage: 0, verdict: { outcome: Outcome.Unsolvable } });
    expect(earlierStage(earlier, 3, [300, 3000]).taken).toMatchObject({ stage: 1, verdict: { outcome: Outcome.Unknown } });
  });

  const header = 'deal,outcome,nodes,ms,moves,budget\n';
  const rows = (n: number, row = (i: number) => `${i},unknown,300,1.00,0,300`) => Array.from({ length: n }, (_, i) => row(i)).join('\n') + '\n';
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const BAD: Array<[string, string, string[], RegExp]> = [
    ['a deal missing', header + rows(23), [], /holds no verdict for deal 23/],
    ['a deal twice', header + rows(24) + '5,unknown,300,1.00,0,300\n', [], /line 26: deal 5 a second time/],
    ['another header', 'deal,player,won,cards,moves,stalled\n0,greedy,true,88,100,false\n', [], /is not a per-deal file of solve/],
    ['a bad outcome', header + rows(24, (i) => `${i},won,300,1.00,0,300`), [], /bad outcome 'won'/],
    ['a budget above the largest', header + rows(24, (i) => `${i},unknown,300,1.00,0,${i === 7 ? 1e6 : 300}`), [], /deal 7 was searched at 1,000,000 positions, more than the largest/],
    ['winning lines asked for', header + rows(24), ['--solutions', join(dir, 'never.jsonl')], /--solutions cannot be given with --from/],
  ];
  it.each(BAD)('refuses %s in one line, exit code 2, writing nothing', async (name, text, extra, message) => {
    const out = join(dir, `bad-${name.replace(/\W+/g, '-')}.csv`);
    const run = await patience([...SHAH, '--nodes', '300,3000', '--from', file(`${name.replace(/\W+/g, '-')}-d.csv`, text), '-o', out, ...extra]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(() => readFileSync(out)).toThrow();
  });
});
