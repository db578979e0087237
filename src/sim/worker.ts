// The piscina worker: plays one batch per task and returns its tally (only counts cross threads).

import { runBatch, type BatchTask } from './batch.js';
import type { Tally } from '../stats/tally.js';

/** Play the task's deals. */
export default function work(task: BatchTask): Tally {
  return runBatch(task);
}
