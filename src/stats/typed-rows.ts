// The rows as the library returns them: number columns as numbers, true/false columns as booleans, the rest as
// text, so that `row.wins_a + row.wins_b` adds. The files keep the text rows (results.ts, compare.ts,
// solvability.ts), which format every number; a typed row is read from one, cell by cell, by typedRow.

import type { ResultRow } from './results.js';
import type { CompareRow } from './compare.js';
import type { SolveRow } from './solvability.js';

/** Which columns of a row are numbers (always given), numbers that may be absent (null), and booleans. */
interface Kinds<R> {
  readonly numbers: readonly (keyof R)[];
  readonly maybe: readonly (keyof R)[];
  readonly booleans: readonly (keyof R)[];
}

/** A text row with its number columns (N; M: null where the cell is empty) as numbers and its true/false columns (B) as
 * booleans. */
export type Typed<R, N extends keyof R, M extends keyof R, B extends keyof R> = {
  readonly [K in keyof R]: K extends N ? number : K extends M ? number | null : K extends B ? boolean : string;
};

const RESULT = {
  numbers: ['deals', 'wins', 'ci_low', 'ci_high', 'cards_in_play', 'stalled', 'total_moves', 'first_deal', 'last_deal'],
  maybe: ['win_rate', 'mean_cards_on_foundations', 'median_cards_on_foundations', 'mean_moves', 'ms_per_deal'],
  booleans: ['partial'],
} as const satisfies Kinds<ResultRow>;

const COMPARE = {
  numbers: [
    'first_deal',
    'last_deal',
    'deals',
    'both',
    'only_a',
    'only_b',
    'neither',
    'wins_a',
    'win_rate_a',
    'ci_low_a',
    'ci_high_a',
    'wins_b',
    'win_rate_b',
    'ci_low_b',
    'ci_high_b',
    'difference',
    'difference_ci_low',
    'difference_ci_high',
    'mcnemar_p',
  ],
  maybe: ['sprt_delta', 'sprt_alpha', 'sprt_beta', 'sprt_llr'],
  booleans: ['partial'],
} as const satisfies Kinds<CompareRow>;

const SOLVE = {
  numbers: [
    'first_deal',
    'last_deal',
    'deals',
    'solved',
    'unsolvable',
    'unknown',
    'ci_low',
    'ci_high',
    'nodes',
    'ms',
    'table_mib',
    'subsample',
    'sampled',
    'sampled_solved',
    'sampled_unsolvable',
  ],
  maybe: ['solved_rate', 'sampled_from', 'estimate_low', 'estimate_high', 'estimate_ci_low', 'estimate_ci_high'],
  booleans: ['partial'],
} as const satisfies Kinds<SolveRow>;

type Of<R, K extends Kinds<R>> = Typed<R, K['numbers'][number], K['maybe'][number], K['booleans'][number]>;

/** A row of `simulate` as the library returns it (one a player). */
export type SimulateRecord = Of<ResultRow, typeof RESULT>;
/** The row of `compare` as the library returns it. */
export type CompareRecord = Of<CompareRow, typeof COMPARE>;
/** The row of `solve` as the library returns it. */
export type SolveRecord = Of<SolveRow, typeof SOLVE>;

/** A text row read cell by cell into its typed row. */
function typedRow<R extends Record<string, string>>(
  row: R,
  kinds: Kinds<R>,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = { ...row };
  for (const k of kinds.numbers) out[k as string] = Number(row[k]);
  for (const k of kinds.maybe) out[k as string] = row[k] === '' ? null : Number(row[k]);
  for (const k of kinds.booleans) out[k as string] = row[k] === 'true';
  return out;
}

/** The typed row of a simulate row. */
export const simulateRecord = (row: ResultRow): SimulateRecord => typedRow(row, RESULT) as unknown as SimulateRecord;
/** The typed row of a compare row. */
export const compareRecord = (row: CompareRow): CompareRecord => typedRow(row, COMPARE) as unknown as CompareRecord;
/** The typed row of a solve row. */
export const solveRecord = (row: SolveRow): SolveRecord => typedRow(row, SOLVE) as unknown as SolveRecord;
