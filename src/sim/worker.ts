// The piscina worker: plays or solves one batch per task and returns its tally (only counts cross threads).

import { runBatch, type BatchTask } from './batch.js';
import { runSolveBatch, type SolveTask } from './solve-batch.js';
import type { Tally } from '../stats/tally.js';
import type { SolveTally } from '../stats/solvability.js';

/** Play or solve the task's deals. */
export default function work(task: SolveTask): SolveTally;
export default function work(task: BatchTask): Tally;
export default function work(task: BatchTask | SolveTask): Tally | SolveTally {
  return 'kind' in task && task.kind === 'solve' ? runSolveBatch(task) : runBatch(task as BatchTask);
}
