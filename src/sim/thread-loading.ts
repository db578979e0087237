// Which of a piscina pool's threads have loaded the worker module, so that the pool is ended only once all have
// (pool.ts endThreads): Node 20 aborts the whole process when a thread is terminated while its modules load.

import type { Worker } from 'node:worker_threads';
import type { Piscina } from 'piscina';

/** What a piscina thread posts once it has loaded the worker module (piscina's READY, a key of its message). */
const THREAD_READY = '_WORKER_READY';
/** The longest endThreads waits for a thread still loading, in milliseconds: past it the pool is ended anyway. */
const LOADING_MOST_MS = 10_000;

/**
 * Watch which of a pool's threads have loaded the worker module: the returned function settles once all those
 * alive then have. The first threads are watched from their start; a thread started later (in place of one
 * ended by an aborted task) is announced by piscina only once it is ready, and one not yet announced is watched
 * from when the function is called, until it posts that it is ready or ends.
 */
export function watchLoading(pool: Piscina<unknown, unknown>): () => Promise<void> {
  const ready = new Map<number, Promise<void>>(); // by thread id
  const watch = (worker: Worker): Promise<void> =>
    new Promise((settle) => {
      const onMessage = (message: unknown) => {
        if (typeof message === 'object' && message !== null && THREAD_READY in message) done();
      };
      const done = () => {
        worker.off('message', onMessage);
        worker.off('exit', done);
        settle();
      };
      worker.on('message', onMessage);
      worker.once('exit', done);
    });
  let starting = true;
  queueMicrotask(() => (starting = false)); // after the first threads' 'workerCreate', queued as the pool was made
  pool.on('workerCreate', (thread: { id: number }) => {
    const worker = starting ? pool.threads.find((w) => w.threadId === thread.id) : undefined;
    ready.set(thread.id, worker ? watch(worker) : Promise.resolve()); // a later thread is announced once ready
  });
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const most = new Promise<void>((settle) => (timer = setTimeout(settle, LOADING_MOST_MS)));
    await Promise.race([Promise.all(pool.threads.map((w) => ready.get(w.threadId) ?? watch(w))), most]);
    clearTimeout(timer);
  };
}
