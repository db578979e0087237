// The run options' defaults and checks that the command line and the library share: each default written once
// here, and each check made once, at the edge (the command's action or the library's call), before any work.
// The command line reads text into values (cli/parse.ts); what is checked here is the values, whoever gave them.

import { availableParallelism, totalmem } from 'node:os';
import { InputError } from '../core/errors.js';
import { MIN_SLOTS, SLOT_BYTES } from '../solve/positions.js';
import { escalationBytes } from './solve-batch.js';

/** The default seed: the one every table of results/ was made with, so that a run without --seed repeats them. */
export const DEFAULT_SEED = '2026';

/** The default number of deals of each command that plays or searches many (--deals). */
export const DEFAULT_DEALS = { simulate: 10_000, compare: 10_000, solve: 1000 } as const;

/** The default index of the first deal of a run (--first). */
export const DEFAULT_FIRST = 0;

/** The default deal of the commands that look at one (replay's and hint's --deal). */
export const DEFAULT_DEAL = 0;

/** The default player (--player). */
export const DEFAULT_PLAYER = 'greedy';

/** The most worker threads: the machine's cores (more threads only cost memory). */
export function mostWorkers(): number {
  return availableParallelism();
}

/** The default number of worker threads (--workers): every core. */
export function defaultWorkers(): number {
  return mostWorkers();
}

/** The `given` number of worker threads, checked, or the default; throws InputError unless 1 to mostWorkers(). */
export function workerThreads(given?: number): number {
  if (given === undefined) return defaultWorkers();
  const most = mostWorkers();
  if (!Number.isSafeInteger(given) || given < 1 || given > most)
    throw new InputError(
      `--workers must be a whole number from 1 to ${most}, the cores this machine has, got ${given}`,
    );
  return given;
}

/** The solver's default budget: the most positions searched per deal (solve's --nodes, replay --solution's). */
export const DEFAULT_BUDGET = 1_000_000;

/** The default most memory of each worker's table of positions, in MiB (a table takes only what its budget needs). */
export const DEFAULT_MEMORY_MIB = 1024;

/** The default share of the still unknown deals searched at the sampled budgets (--subsample): all of them. */
export const DEFAULT_SUBSAMPLE = 1;

/** The most of the machine's memory the solvers' tables may take. */
const MOST_OF_MEMORY = 0.75;

/**
 * Throw InputError unless deals first .. first+deals-1 are whole, at least one, and all safe integers (past
 * 2^53 - 1 a deal index repeats); worked out without summing past it.
 */
export function checkDealRange(first: number, deals: number): void {
  if (!Number.isSafeInteger(deals) || deals < 1 || !Number.isSafeInteger(first) || first < 0) {
    throw new InputError('deals must be a positive integer and first a non-negative one');
  }
  if (deals - 1 > Number.MAX_SAFE_INTEGER - first) {
    throw new InputError(
      `--first ${first} with --deals ${deals} runs past the last deal index, ${Number.MAX_SAFE_INTEGER}`,
    );
  }
}

/** A solve's settings as given, each undefined for its default: solve's --nodes, --subsample, --sample-from, --memory.
 * */
export interface SolverGiven {
  /** The escalation's budgets, smallest first. */
  readonly nodes?: readonly number[] | undefined;
  readonly subsample?: number | undefined;
  /** The first budget only the subsample is searched at. */
  readonly sampleFrom?: number | undefined;
  readonly memoryMib?: number | undefined;
}

/** A solve's settings, checked and with their defaults. */
export interface SolverSettings {
  readonly budgets: readonly number[];
  readonly subsample: number;
  /** Index in budgets of the first budget only the subsample is searched at (the last unless given). */
  readonly sampledFrom: number;
  /** That budget, when there is a subsample (below 1). */
  readonly sampledBudget?: number;
  /** Each solver's table at most, in MiB, and in bytes. */
  readonly tableMib: number;
  readonly tableBytes: number;
}

/**
 * Check a solve's settings before any work and give them their defaults: budgets whole and growing, a subsample
 * share in (0, 1] and below 1 only with two budgets or more, a table of at least MIN_SLOTS, every one of
 * `workers` threads' tables together within three quarters of `machineBytes`, and --sample-from one of the
 * budgets but the first, only with a subsample. Throws InputError naming the flag.
 */
export function solverSettings(given: SolverGiven, workers = 1, machineBytes = totalmem()): SolverSettings {
  const budgets = given.nodes ?? [DEFAULT_BUDGET];
  const subsample = given.subsample ?? DEFAULT_SUBSAMPLE;
  const tableMib = given.memoryMib ?? DEFAULT_MEMORY_MIB;
  checkBudgets(budgets);
  if (!(subsample > 0 && subsample <= 1))
    throw new InputError(`--subsample must be above 0 and at most 1, got ${subsample}`);
  if (subsample < 1 && budgets.length < 2)
    throw new InputError(
      '--subsample needs an escalation of two budgets or more to sample for, such as --nodes 1e5,1e7',
    );
  const tableBytes = checkedTableBytes(budgets, tableMib, workers, machineBytes);
  const sampledFrom = sampledStage(budgets, subsample, given.sampleFrom);
  return {
    budgets,
    subsample,
    sampledFrom,
    ...(subsample < 1 ? { sampledBudget: budgets[sampledFrom]! } : {}),
    tableMib,
    tableBytes,
  };
}

/** Throw InputError unless the budgets are whole numbers of positions of at least 1, each larger than the one before.
 * */
function checkBudgets(budgets: readonly number[]): void {
  if (
    budgets.length === 0 ||
    budgets.some((b, i) => !Number.isSafeInteger(b) || b < 1 || (i > 0 && b <= budgets[i - 1]!))
  ) {
    throw new InputError(
      `--nodes must be whole numbers of positions of at least 1, each larger than the one before, got ${budgets.join(',')}`,
    );
  }
}

/** Each thread's table bytes (`memoryMib` MiB), at least MIN_SLOTS, all threads' tables within the machine; throws
 * InputError. */
function checkedTableBytes(
  budgets: readonly number[],
  memoryMib: number,
  workers: number,
  machineBytes: number,
): number {
  const least = Math.ceil((MIN_SLOTS * SLOT_BYTES) / 2 ** 20);
  if (!Number.isSafeInteger(memoryMib) || memoryMib < least)
    throw new InputError(`--memory must be a whole number of MiB of at least ${least}, got ${memoryMib}`);
  const tableBytes = memoryMib * 2 ** 20;
  const total = workers * escalationBytes(budgets, tableBytes);
  if (total > MOST_OF_MEMORY * machineBytes) {
    const mib = (x: number) => Math.ceil(x / 2 ** 20).toLocaleString('en');
    throw new InputError(
      `the solvers' tables would take ${mib(total)} MiB on ${workers} workers (--memory ${memoryMib} a worker), more than three quarters of this machine's ${mib(machineBytes)} MiB: give a smaller --memory or fewer --workers`,
    );
  }
  return tableBytes;
}

/**
 * The index in `budgets` of `sampleFrom`, the first budget only the subsample is searched at (the last when not
 * given): one of the budgets but the first, and only with a subsample share below 1. Throws InputError.
 */
function sampledStage(budgets: readonly number[], subsample: number, sampleFrom?: number): number {
  if (sampleFrom === undefined) return budgets.length - 1;
  if (!(subsample < 1))
    throw new InputError(
      '--sample-from needs --subsample below 1: it is the budget from which only the subsample is searched',
    );
  const stage = budgets.indexOf(sampleFrom);
  const after = budgets.slice(1).map((b) => b.toLocaleString('en'));
  if (stage < 1)
    throw new InputError(
      `--sample-from must be one of the --nodes budgets after the first (${after.length > 0 ? after.join(', ') : 'there are none'}), got ${sampleFrom.toLocaleString('en')}`,
    );
  return stage;
}
