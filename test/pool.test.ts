import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../src/sim/batch.js';
import { openDealPool, runDeals, solveDeals, watchPoolErrors } from '../src/sim/pool.js';
import { watchLoading } from '../src/sim/thread-loading.js';
import { runSolveBatch } from '../src/sim/solve-batch.js';
import { emptyTally, mergeTally, type Tally } from '../src/stats/tally.js';
import work from '../src/sim/worker.js';

const task = {
  game: 'shah',
  rules: {},
  player: 'random',
  settings: { depth: 2, nodes: 500 },
  seed: 'det',
  first: 0,
  count: 240,
};

/** A tally without its timing, which varies from run to run. */
function counts(t: Tally): Omit<Tally, 'busyMs'> {
  const { busyMs: _ignored, ...rest } = t;
  return rest;
}

describe('reproducible deals across batches and threads', () => {
  it('gives the same counts whether the deals are played in one batch or in several, in any order', async () => {
    const whole = runBatch(task);
    const parts = [
      runBatch({ ...task, first: 200, count: 40 }),
      runBatch({ ...task, first: 0, count: 77 }),
      await work({ ...task, first: 77, count: 123 }),
    ];
    const merged = parts.reduce((acc, t) => mergeTally(acc, t), emptyTally(88));
    expect(counts(merged)).toEqual(counts(whole));
  });

  it('gives the same counts on 1 and 2 worker threads (a real piscina pool)', async () => {
    const one = await runDeals({ ...task, workers: 1 }, 88);
    const two = await runDeals({ ...task, workers: 2 }, 88);
    expect(one.partial).toBe(false);
    expect(counts(one.tally)).toEqual(counts(two.tally));
    expect(counts(one.tally)).toEqual(counts(runBatch(task)));
  });

  it('gives the same solver verdicts on 1 and 2 worker threads, and in one batch, through an escalation with a subsample', async () => {
    const solve = {
      kind: 'solve' as const,
      game: 'carpet',
      rules: {},
      seed: 'det',
      first: 0,
      count: 12,
      budgets: [20_000, 60_000],
      subsample: 0.5,
      tableBytes: 16 * 2 ** 20,
      perDeal: true,
    };
    const one = await solveDeals({ ...solve, workers: 1 });
    const two = await solveDeals({ ...solve, workers: 2 });
    const verdicts = (chunks: typeof one.tally.chunks) =>
      [...chunks]
        .sort((a, b) => a.first - b.first)
        .flatMap((c) => Array.from(c.outcome).map((o, k) => `${c.first + k}:${o}:${c.nodes[k]}:${c.budget[k]}`));
    expect(verdicts(one.tally.chunks)).toEqual(verdicts(two.tally.chunks));
    expect(verdicts(one.tally.chunks)).toEqual(verdicts(runSolveBatch(solve).chunks));
    expect(one.tally.solved + one.tally.unsolvable + one.tally.unknown).toBe(12);
  });

  it('stops when aborted and returns the finished deals marked partial', async () => {
    const stop = new AbortController();
    const outcome = await runDeals(
      { ...task, count: 1_000_000, workers: 2, signal: stop.signal, onProgress: (done) => done >= 64 && stop.abort() },
      88,
    );
    expect(outcome.partial).toBe(true);
    expect(outcome.tally.deals).toBeGreaterThanOrEqual(64);
    expect(outcome.tally.deals).toBeLessThan(1_000_000);
    const covered = outcome.tally.ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
    expect(covered).toBe(outcome.tally.deals);
  });

  it("ignores the pool's errors after an abort (late results of aborted tasks) and hands on those before", () => {
    const pool = new EventEmitter();
    const errors = watchPoolErrors(pool);
    const heard: unknown[] = [];
    const stop = errors.onFailure((e) => heard.push(e));
    const broken = new Error('worker failed');
    pool.emit('error', broken);
    expect(heard).toEqual([broken]);
    stop();
    // between runs an error is kept for the next run to throw, once
    const between = new Error('between runs');
    pool.emit('error', between);
    expect(() => errors.rethrow()).toThrow(between);
    expect(() => errors.rethrow()).not.toThrow();
    errors.markAborted();
    // unhandled, this event threw: the flaky "Unexpected message from Worker" of an aborted task's result
    expect(() => pool.emit('error', new Error('Unexpected message from Worker'))).not.toThrow();
    expect(() => errors.rethrow()).not.toThrow();
    expect(heard).toEqual([broken]);
  });

  it('waits, before a pool is ended, until each of its threads has loaded its modules (Node 20 aborts the process if ended while loading)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'patience-pool-')), 'loaded.txt');
    writeFileSync(file, '');
    const pool = new Piscina({
      filename: new URL('./fixtures/pool/slow-worker.mjs', import.meta.url).href,
      minThreads: 2,
      maxThreads: 2,
      workerData: file,
    });
    const loaded = watchLoading(pool);
    await loaded(); // no task: as a thread that never got one in a short run
    expect(readFileSync(file, 'utf8').trim().split('\n').sort()).toEqual(
      pool.threads.map((w) => String(w.threadId)).sort(),
    );
    expect(await pool.run(null)).toBe(0);
    await pool.destroy();
  });

  it('runs again on one pool after aborted runs, as compare does, and closes cleanly', async () => {
    const pool = openDealPool(2);
    try {
      for (let i = 0; i < 4; i++) {
        const stop = new AbortController();
        const request = {
          ...task,
          player: 'naive',
          first: 1000 * i,
          count: 1_000_000,
          signal: stop.signal,
          onProgress: (done: number) => done >= 32 * (i + 1) && stop.abort(),
        };
        const outcome = await pool.run(request, 88);
        expect(outcome.partial).toBe(true);
        expect(outcome.tally.deals).toBeGreaterThanOrEqual(32 * (i + 1));
      }
      // late results arrive after the runs return
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await pool.close();
    }
  });
});
