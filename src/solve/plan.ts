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
  /** The nested searches' levels, 1 to this, tried first when the solver has a playout (nested.ts); 0: none. */
  readonly nestedLevels: number;
  /** The share of the budget the nested searches may spend together. */
  readonly nestedShare: number;
  /** The share of what the nested searches and the game's reasoning leave that the beam searches may spend
   * (beam.ts); 0: none. */
  readonly beamShare: number;
  /** The share of the budget the policy searches (policy.ts) may spend, before the nested searches; 0: none. */
  readonly policyShare: number;
}

/**
 * The plan `patience solve` uses for a budget: restarts of a tenth of it each (at least RESTART_LEAST positions, at
 * most RESTART_MOST), over half of it, or over nine tenths of a budget above LARGE_BUDGET; the nested searches
 * within half of it, or nine tenths from DEEP_BUDGET on; from BEAM_FROM, the beam searches within half of what
 * they and the game's reasoning leave; from POLICY_FROM, the policy searches first, within a quarter of it
 * (docs/decisions.md).
 */
export function defaultPlan(budget: number, tableBytes = DEFAULT_TABLE_BYTES): SearchPlan {
  const restartNodes = Math.min(RESTART_MOST, Math.max(RESTART_LEAST, Math.floor(budget / 10)));
  const share = budget > LARGE_BUDGET ? 0.9 : 0.5;
  const nestedLevels = NESTED_FROM.filter((least) => budget >= least).length;
  const nestedShare = budget >= DEEP_BUDGET ? 0.9 : 0.5;
  return { discrepancies: DISCREPANCIES, restarts: Math.floor((budget * share) / restartNodes), restartNodes, shuffle: 0.25, tableBytes, nestedLevels, nestedShare, beamShare: budget >= BEAM_FROM ? BEAM_SHARE : 0, policyShare: budget >= POLICY_FROM ? POLICY_SHARE : 0 };
}

/**
 * The least budget at which the default plan tries each nested level (level k at NESTED_FROM[k-1]): a level is
 * tried only where the nested share of the budget can hold it (what each costs on The Shah: docs/decisions.md)
 * and a cut-off level does not take what the complete passes need to prove a small deal lost.
 */
export const NESTED_FROM: readonly number[] = [1, 1_000_000, 10_000_000, 100_000_000, 100_000_000];
/** From this budget the nested searches may take nine tenths of it: what the budgets below leave is won there,
 * if at all, by levels 4 and 5, and the complete passes have proved no deal lost at such budgets
 * (docs/decisions.md). */
export const DEEP_BUDGET = 100_000_000;

/** The default plan's share, for the beam searches, of what the nested searches and the game's reasoning leave. */
export const BEAM_SHARE = 0.5;
/** The least budget at which the default plan tries the beam searches: below it the depth-first passes need all
 * that the nested searches leave (docs/decisions.md). */
export const BEAM_FROM = 1_000_000;

/** The default plan's share of the budget for the policy searches, which come first. */
export const POLICY_SHARE = 0.25;
/** The least budget at which the default plan tries the policy searches: below it they won as many deals as they
 * lost and cost decided deals per CPU-minute, so every deal is searched as 0.14.0 did (docs/decisions.md). */
export const POLICY_FROM = 100_000_000;

/** The fewest and the most positions of one restart of the default plan. */
export const RESTART_LEAST = 10_000;
export const RESTART_MOST = 1_000_000;
/** Above this budget the default plan spends nine tenths of it in restarts. */
export const LARGE_BUDGET = 10_000_000;

/** The discrepancy allowances of the passes before the restarts. */
export const DISCREPANCIES: readonly number[] = [0, 1, 2, 3];
/** Memory of one solver's table unless told otherwise: 512 MiB. */
export const DEFAULT_TABLE_BYTES = 512 * 2 ** 20;
