// Running many deals on worker threads with piscina. The deals are cut into tasks (ranges of consecutive deal
// indices) sized for about TASK_MS of work each; only tallies come back. Results never depend on how the deals
// are cut or which thread plays them, since deal i is fixed by its seed (deals.ts) and tallies add up.

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { emptyTally, mergeTally, type Tally } from '../stats/tally.js';
import type { BatchTask } from './batch.js';

/** Aimed-for duration of one task in milliseconds. */
const TASK_MS = 30;
/** Deals in the first tasks, before the speed of play is known. */
const FIRST_TASK_DEALS = 32;
/** Most deals in one task. */
const MAX_TASK_DEALS = 20_000;

/** What to run: a batch task's fields for the whole range, the thread count and what to report to. */
export interface RunRequest extends BatchTask {
  /** Worker threads; defaults to os.availableParallelism(). */
  readonly workers?: number;
  /** Called after each finished task with the deals finished so far. */
  readonly onProgress?: (done: number) => void;
  /** Aborting stops the run; the deals already finished are returned, marked partial. */
  readonly signal?: AbortSignal;
}

/** What a run produced. */
export interface RunOutcome {
  /** Counts over every finished deal. */
  readonly tally: Tally;
  /** True when the run was stopped before every deal finished. */
  readonly partial: boolean;
  /** Wall-clock time in milliseconds. */
  readonly wallMs: number;
}

/** The default number of worker threads. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** Play deals first..first+count-1 on a pool of worker threads and add up their tallies. */
export async function runDeals(request: RunRequest, cardsInPlay: number): Promise<RunOutcome> {
  const workers = request.workers ?? defaultWorkers();
  const start = performance.now();
  const fromSource = import.meta.url.endsWith('.ts');
  const pool = new Piscina<BatchTask, Tally>({
    filename: new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    // From TypeScript sources (tests, tsx) the worker needs tsx's loader; compiled, it must not inherit a
    // parent's loader flags: code loaded through tsx's hooks ran about three times slower in workers.
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  });
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  request.signal?.addEventListener('abort', onAbort);
  const total = emptyTally(cardsInPlay);
  const end = request.first + request.count;
  let next = request.first;
  let size = FIRST_TASK_DEALS;
  let failure: unknown;
  try {
    await new Promise<void>((resolve) => {
      let running = 0;
      const dispatch = () => {
        while (!stop.signal.aborted && next < end && running < workers * 3) {
          const count = Math.min(size, end - next);
          const task: BatchTask = {
            game: request.game,
            rules: request.rules,
            player: request.player,
            settings: request.settings,
            seed: request.seed,
            first: next,
            count,
            ...(request.layoutOnly ? { layoutOnly: true } : {}),
          };
          next += count;
          running++;
          pool.run(task, { signal: stop.signal }).then(
            (tally) => {
              running--;
              mergeTally(total, tally);
              if (tally.deals > 0 && tally.busyMs > 0) {
                size = Math.max(1, Math.min(MAX_TASK_DEALS, Math.round((TASK_MS * tally.deals) / tally.busyMs)));
              }
              request.onProgress?.(total.deals);
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
    request.signal?.removeEventListener('abort', onAbort);
    await pool.destroy();
  }
  if (failure !== undefined) throw failure;
  return { tally: total, partial: total.deals < request.count, wallMs: performance.now() - start };
}
