// The piscina worker: plays or solves one batch per task and returns its tally (only counts cross threads). The
// player modules a task names are loaded first, once per thread.

import { runBatch, type BatchTally, type BatchTask } from './batch.js';
import { loadPlayerModule } from './modules.js';
import { runSolveBatch, type SolveTask } from './solve-batch.js';
import type { SolveTally } from '../stats/solvability.js';

// A player module that calls process.exit() would end this thread under its task, and piscina would report only
// that a worker exited: here it throws instead, which the guard turns into the player's fault (deal and move).
process.exit = ((code?: number | string | null) => {
  throw new Error(`process.exit(${code ?? ''}) called: a player must return a move or STOP, never end the process`);
}) as typeof process.exit;

// What a player module prints (console.log) goes to stderr: this thread's stdout would reach the results stream
// (`-o -`) and corrupt the rows there.
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

/** Play or solve the task's deals. */
export default async function work(task: SolveTask): Promise<SolveTally>;
export default async function work(task: BatchTask): Promise<BatchTally>;
export default async function work(task: BatchTask | SolveTask): Promise<BatchTally | SolveTally> {
  if ('kind' in task && task.kind === 'solve') return runSolveBatch(task);
  const play = task as BatchTask;
  for (const url of play.modules ?? []) await loadPlayerModule(url);
  return runBatch(play);
}
