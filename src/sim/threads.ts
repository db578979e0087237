// The worker threads of a pool: opened on worker.ts, their errors outside any task watched, and ended only once
// every thread has loaded its modules.

import type { EventEmitter } from 'node:events';
import { Piscina } from 'piscina';
import { watchLoading } from './thread-loading.js';

/**
 * What a pool reports outside any task: piscina emits 'error' for a worker's message that belongs to no task,
 * which is what the result of an aborted task is when it arrives after the abort ("Unexpected message from
 * Worker"), and for a worker that fails while it has no task. With no listener Node throws such an event as an
 * uncaught exception. Errors after an abort are ignored; one before goes to the `onFailure` listeners (the run in
 * progress), or is kept for `rethrow` when none listens (between runs).
 */
export interface PoolErrors {
  /** Tasks have been aborted: errors from now on are their late results, and are ignored. */
  markAborted(): void;
  /** Hand errors to `listener` instead of keeping them; returns the function that stops it. */
  onFailure(listener: (error: unknown) => void): () => void;
  /** Throw the error kept, if any (once). */
  rethrow(): void;
}

/** Listen to an emitter's (a pool's) 'error' events as PoolErrors says. */
export function watchPoolErrors(emitter: EventEmitter): PoolErrors {
  let aborted = false;
  let kept: { error: unknown } | undefined;
  const listeners = new Set<(error: unknown) => void>();
  emitter.on('error', (error: unknown) => {
    if (aborted || kept !== undefined) return;
    if (listeners.size === 0) kept = { error };
    for (const listener of listeners) listener(error);
  });
  return {
    markAborted: () => {
      aborted = true;
    },
    onFailure: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rethrow: () => {
      if (kept === undefined) return;
      const { error } = kept;
      kept = undefined;
      throw error;
    },
  };
}

/** An open pool, its thread count and the errors it reports outside tasks. */
export interface Threads<T, R> {
  readonly pool: Piscina<T, R>;
  readonly workers: number;
  readonly errors: PoolErrors;
  /** Settles once every thread of the pool has loaded its modules, or ended (watchLoading). */
  readonly loaded: () => Promise<void>;
}

/** A pool of exactly `workers` threads running worker.ts (or the compiled worker.js), its errors watched. */
export function makePool<T, R>(workers: number): Threads<T, R> {
  const fromSource = import.meta.url.endsWith('.ts');
  const pool = new Piscina<T, R>({
    filename: new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    // From TypeScript sources (tests, tsx) the worker needs tsx's loader; compiled, it must not inherit a
    // parent's loader flags: code loaded through tsx's hooks runs slower in workers
    // (docs/decisions.md#worker-threads-start-without-parents).
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  });
  return { pool, workers, errors: watchPoolErrors(pool), loaded: watchLoading(pool) };
}

/**
 * End a pool's threads, once each has loaded the worker module: Node 20 aborts the whole process ("FATAL ERROR:
 * v8::Module::IsGraphAsync must be used on an instantiated module") when a thread is terminated while its modules
 * are still being loaded, which ending the pool did to a thread that never got a task in a short run, or to one
 * piscina had just started in place of a thread ended by an aborted task (a stop).
 */
export async function endThreads<T, R>(threads: Threads<T, R>): Promise<void> {
  await threads.loaded();
  await threads.pool.destroy();
}
