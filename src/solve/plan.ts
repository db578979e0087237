// How the solver spends a deal's budget (solver.ts's header describes the stages): the plan and its defaults.

/** How a deal's budget is spent after the probes. */
export interface SearchPlan {
  /** The discrepancy passes' allowances, in order. */
  readonly discrepancies: readonly number[];
  /** Randomised restarts, at most. */
  readonly restarts: number;
  /** Positions a restart may reach before it is cut off. */
  readonly restartNodes: number;
  /** The chance, at each position of a restart with more than one move, that a random move is tried first. */
  readonly shuffle: number;
  /** Bytes the table of visited positions may take (positions.ts). */
  readonly tableBytes: number;
}

/** The plan `patience solve` uses for a budget: restarts of a tenth of it each, over half of it (docs/decisions.md). */
export function defaultPlan(budget: number, tableBytes = DEFAULT_TABLE_BYTES): SearchPlan {
  const restartNodes = Math.max(10_000, Math.floor(budget / 10));
  return { discrepancies: DISCREPANCIES, restarts: Math.floor(budget / 2 / restartNodes), restartNodes, shuffle: 0.25, tableBytes };
}

/** The discrepancy allowances of the passes before the restarts. */
export const DISCREPANCIES: readonly number[] = [0, 1, 2, 3];
/** Memory of one solver's table unless told otherwise: 512 MiB. */
export const DEFAULT_TABLE_BYTES = 512 * 2 ** 20;
