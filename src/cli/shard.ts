// `--shard i/N`: the i-th (from 0) of N equal ranges of a run's deals, so that N machines, or the tasks of a
// cluster scheduler's job array, play one run between them; `patience merge` adds their files up again.

import { InvalidArgumentError } from 'commander';
import { InputError } from '../core/errors.js';

/** A shard: index i (from 0) of n. */
export interface Shard {
  readonly index: number;
  readonly of: number;
}

/** Parse --shard "i/N" with 0 <= i < N. */
export function shardText(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(m?.[1]);
  const of = Number(m?.[2]);
  if (!m || !Number.isSafeInteger(index) || !Number.isSafeInteger(of) || of < 1 || index >= of) {
    throw new InvalidArgumentError('It must be i/N with 0 <= i < N, such as 0/4.');
  }
  return { index, of };
}

/**
 * A run's deals narrowed to its shard: deals first + floor(i*deals/N) up to first + floor((i+1)*deals/N), so the N
 * shards tile the run with no gap or overlap. InputError, for every shard alike, when the run has fewer deals than
 * shards (some would hold none), so that a job array's tasks all fail or all run.
 */
export function narrowToShard<T extends { readonly first: number; readonly deals: number; readonly shard?: Shard }>(
  run: T,
): T {
  if (run.shard === undefined) return run;
  const { index, of } = run.shard;
  const lo = Math.floor((index * run.deals) / of);
  const hi = Math.floor(((index + 1) * run.deals) / of);
  if (run.deals < of)
    throw new InputError(
      `--shard ${index}/${of}: ${run.deals} deals cannot be cut into ${of} shards (some would hold no deal): use at most ${run.deals} shards`,
    );
  return { ...run, first: run.first + lo, deals: hi - lo };
}
