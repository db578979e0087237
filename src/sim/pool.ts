// Running many deals on worker threads with piscina. The deals are cut into tasks (ranges of consecutive deal
// indices) sized for about TASK_MS of work each; only tallies come back. Results never depend on how the deals
// are cut or which thread plays them, since deal i is fixed by its seed (deals.ts) and tallies add up.

import { emptyTally, mergeTally, type Tally } from '../stats/tally.js';
import { emptySolveTally, mergeSolveTally, type SolveTally } from '../stats/solvability.js';
import type { BatchTally, BatchTask, PlayerFault } from './batch.js';
import { defaultWorkers } from './run-options.js';
import { earlierFor, type SolveTask } from './solve-batch.js';
import { endThreads, makePool, type Threads } from './threads.js';

export { watchPoolErrors, type PoolErrors } from './threads.js';

/** Aimed-for duration of one task in milliseconds. */
const TASK_MS = 30;
/** Deals in the first tasks of a run of play, before the speed of play is known. */
const FIRST_TASK_DEALS = 32;
/** Most deals in one task. */
const MAX_TASK_DEALS = 20_000;

/** How to run: the thread count and what to report to. */
export interface PoolOptions {
  /** Worker threads; defaults to defaultWorkers() (run-options.ts). */
  readonly workers?: number;
  /** Called after each finished task with the deals finished so far. */
  readonly onProgress?: (done: number) => void;
  /** Aborting stops the run; the deals already finished are returned, marked partial. */
  readonly signal?: AbortSignal;
  /** Deal ranges [first, last] already finished (a resumed run): not played again, nor counted in the tally. */
  readonly done?: ReadonlyArray<readonly [number, number]>;
}

/** What to play: a batch task's fields for the whole range, and how to run it. */
export interface RunRequest extends BatchTask, PoolOptions {
  /** Called with each finished task's own tally, as it arrives (a checkpoint records them). */
  readonly onTally?: (tally: Tally) => void;
}

/** What to solve: a solve task's fields for the whole range, and how to run it. */
export interface SolveRequest extends SolveTask, PoolOptions {
  /** Called with each finished task's own tally, as it arrives (a checkpoint records them). */
  readonly onTally?: (tally: SolveTally) => void;
}

/** What a run produced. */
export interface RunOutcome<T = Tally> {
  /** Counts over every finished deal. */
  readonly tally: T;
  /** True when the run was stopped before every deal finished. */
  readonly partial: boolean;
  /** Wall-clock time in milliseconds. */
  readonly wallMs: number;
  /** A module player broke its contract (the lowest deal seen): the run stopped as if interrupted. */
  readonly fault?: PlayerFault;
}

/** Play deals first..first+count-1 on a pool of worker threads and add up their tallies. */
export async function runDeals(request: RunRequest, cardsInPlay: number): Promise<RunOutcome> {
  return runDealsOn(undefined, request, cardsInPlay);
}

/** A pool of worker threads kept open for several runs of play (compare plays two sides batch after batch). */
export interface DealPool {
  /** Like runDeals, on this pool's threads (the request's `workers` is ignored). */
  run(request: RunRequest, cardsInPlay: number): Promise<RunOutcome>;
  /** Stop the threads; always call it. */
  close(): Promise<void>;
}

/** Open a pool of `workers` threads for play. */
export function openDealPool(workers = defaultWorkers()): DealPool {
  const threads = makePool<BatchTask, BatchTally>(workers);
  return {
    run: (request, cardsInPlay) => runDealsOn(threads, { ...request, workers }, cardsInPlay),
    close: async () => {
      await endThreads(threads);
      threads.errors.rethrow();
    },
  };
}

async function runDealsOn(
  shared: Threads<BatchTask, BatchTally> | undefined,
  request: RunRequest,
  cardsInPlay: number,
): Promise<RunOutcome> {
  const { workers: _w, onProgress: _p, signal: _s, done: _d, onTally, ...task } = request;
  const total = emptyTally(cardsInPlay);
  // A fault stops the run: no task is started after it, and those under way finish, so that the fault reported is
  // the first in deal order (every task of lower deals was started before it), whatever the thread timing.
  const faulted = new AbortController();
  let fault: PlayerFault | undefined;
  const run = await runTasks<BatchTask, BatchTally>(
    { ...request, halt: faulted.signal },
    FIRST_TASK_DEALS,
    (first, count) => ({ ...task, first, count }),
    (t) => {
      if (t.fault && (fault === undefined || t.fault.deal < fault.deal)) fault = t.fault;
      if (t.fault) faulted.abort();
      delete t.fault;
      onTally?.(t);
      mergeTally(total, t);
    },
    shared,
  );
  return {
    tally: total,
    partial: total.deals + dealsIn(request) < request.count,
    wallMs: run,
    ...(fault ? { fault } : {}),
  };
}

/** Solve deals first..first+count-1 on a pool of worker threads and add up their tallies. */
export async function solveDeals(request: SolveRequest): Promise<RunOutcome<SolveTally>> {
  const { workers: _w, onProgress: _p, signal: _s, done: _d, onTally, ...task } = request;
  const total = emptySolveTally();
  // A deal may take seconds to search: tasks start at one deal each, so progress and Ctrl-C lose little.
  const run = await runTasks<SolveTask, SolveTally>(
    request,
    1,
    (first, count) => ({
      ...task,
      first,
      count,
      ...(task.earlier ? { earlier: earlierFor(task.earlier, first, count) } : {}),
    }),
    (t) => {
      onTally?.(t);
      mergeSolveTally(total, t);
    },
  );
  return { tally: total, partial: total.deals + dealsIn(request) < request.count, wallMs: run };
}

/** How many deals of first..first+count-1 the request's `done` ranges hold. */
function dealsIn(request: PoolOptions & { readonly first: number; readonly count: number }): number {
  const end = request.first + request.count;
  return (request.done ?? []).reduce(
    (n, [lo, hi]) => n + Math.max(0, Math.min(hi + 1, end) - Math.max(lo, request.first)),
    0,
  );
}

/** The stretches [first, end) of first..first+count-1 that the `done` ranges leave to play, in order. */
function toPlay(request: PoolOptions & { readonly first: number; readonly count: number }): Array<[number, number]> {
  const done = [...(request.done ?? [])].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  let next = request.first;
  const end = request.first + request.count;
  for (const [lo, hi] of done) {
    if (lo > next) out.push([next, Math.min(lo, end)]);
    next = Math.max(next, hi + 1);
    if (next >= end) break;
  }
  if (next < end) out.push([next, end]);
  return out.filter(([a, b]) => a < b);
}

/**
 * Cut first..first+count-1, less the ranges already `done`, into tasks made by `make`, run them on the pool,
 * hand each result to `merge` as it arrives; returns the wall-clock milliseconds. Task sizes follow the measured
 * speed (TASK_MS per task).
 */
async function runTasks<
  T extends { readonly first: number; readonly count: number },
  R extends { deals: number; busyMs: number },
>(
  request: PoolOptions & { readonly first: number; readonly count: number; readonly halt?: AbortSignal },
  firstSize: number,
  make: (first: number, count: number) => T,
  merge: (result: R) => void,
  shared?: Threads<T, R>,
): Promise<number> {
  const start = performance.now();
  const stretches = toPlay(request);
  shared?.errors.rethrow();
  if (stretches.length === 0) return 0;
  const threads = shared ?? makePool<T, R>(request.workers ?? defaultWorkers());
  const { pool, workers, errors } = threads;
  const stop = new AbortController();
  stop.signal.addEventListener('abort', () => errors.markAborted());
  const onAbort = () => stop.abort();
  request.signal?.addEventListener('abort', onAbort);
  let stretch = 0;
  let [next, end] = stretches[0]!;
  let size = firstSize;
  let done = 0;
  let failure: unknown;
  const unwatch = errors.onFailure((error) => {
    failure ??= error;
    stop.abort();
  });
  try {
    await new Promise<void>((resolve) => {
      let running = 0;
      const dispatch = () => {
        while (!stop.signal.aborted && !request.halt?.aborted && next < end && running < workers * 3) {
          const count = Math.min(size, end - next);
          const task = make(next, count);
          next += count;
          if (next === end && stretch + 1 < stretches.length) [next, end] = stretches[++stretch]!;
          running++;
          pool.run(task, { signal: stop.signal }).then(
            (result) => {
              running--;
              merge(result);
              done += result.deals;
              if (result.deals > 0 && result.busyMs > 0) {
                size = Math.max(1, Math.min(MAX_TASK_DEALS, Math.round((TASK_MS * result.deals) / result.busyMs)));
              }
              request.onProgress?.(done);
              dispatch();
            },
            (err: unknown) => {
              running--;
              if (!stop.signal.aborted) {
                failure = err;
                stop.abort();
              }
              dispatch();
            },
          );
        }
        if (running === 0) resolve();
      };
      dispatch();
    });
  } finally {
    unwatch();
    request.signal?.removeEventListener('abort', onAbort);
    if (!shared) await endThreads(threads);
  }
  if (failure !== undefined) throw failure;
  errors.rethrow();
  return performance.now() - start;
}
