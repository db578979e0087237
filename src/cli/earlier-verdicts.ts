// `solve --from FILE --from-summary SUMMARY`: an earlier run's per-deal verdicts (a `solve --per-deal` CSV file)
// and its summary, which says which game, rules, seed and version made them; both read and checked whole before
// any work, so that an escalation goes on from where that run stopped.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { InputError } from '../core/errors.js';
import type { EarlierVerdicts } from '../sim/solve-batch.js';
import { OUTCOME_NAMES } from '../solve/solver.js';
import { SOLVE_DEAL_COLUMNS } from '../stats/per-deal.js';
import { SOLVE_BOUND } from '../stats/solvability.js';

/** What an earlier run's summary must agree on with this run. */
export interface EarlierRun {
  readonly game: string;
  /** Every rule option as name=value, as a summary's options column writes them. */
  readonly options: string;
  readonly seed: string;
  /** Whether an earlier summary's options text names the same rules (one from before an option existed may). */
  readonly sameOptions?: (text: string) => boolean;
}

/**
 * The version that wrote the summary at `path`, after checking that it is one solve summary (of this version or
 * an earlier one) of the same game, rule options and seed as `run`; InputError otherwise.
 */
export function checkEarlierSummary(path: string, run: EarlierRun): string {
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(readFileSync(path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      `--from-summary: ${code !== undefined && !code.startsWith('CSV') ? `cannot read ${path}: ${code}` : `${path} is not a CSV file`}`,
    );
  }
  const row = rows[0];
  if (rows.length !== 1 || row === undefined || row['bound'] !== SOLVE_BOUND)
    throw new InputError(`--from-summary: ${path} is not the summary of one solve run`);
  for (const [column, ours] of [
    ['game', run.game],
    ['options', run.options],
    ['seed', run.seed],
  ] as const) {
    if (row[column] !== ours && !(column === 'options' && run.sameOptions?.(row[column] ?? '') === true))
      throw new InputError(
        `--from-summary: ${path} is another run: ${column} '${row[column] ?? ''}', this run's '${ours}'`,
      );
  }
  return row['version'] ?? '';
}

/** The verdicts of deals first..first+count-1 in `path`, and the SHA-256 of the file; InputError for a file that
 * cannot be read, is not a solve per-deal CSV file, repeats a deal or lacks one, or holds a bad value or a budget
 * above the largest of `budgets`. */
export function readEarlierVerdicts(
  path: string,
  first: number,
  count: number,
  budgets: readonly number[],
): { verdicts: EarlierVerdicts; sha256: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new InputError(`--from: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: false }) as string[][];
  } catch {
    throw new InputError(`--from: ${path} is not a CSV file`);
  }
  const header = rows[0] ?? [];
  if (header.length !== SOLVE_DEAL_COLUMNS.length || SOLVE_DEAL_COLUMNS.some((c, i) => header[i] !== c)) {
    throw new InputError(
      `--from: ${path} is not a per-deal file of solve (CSV with the columns ${SOLVE_DEAL_COLUMNS.join(', ')})`,
    );
  }
  const largest = budgets[budgets.length - 1]!;
  const verdicts: EarlierVerdicts = {
    first,
    outcome: new Uint8Array(count),
    nodes: new Float64Array(count),
    ms: new Float64Array(count),
    moves: new Uint32Array(count),
    budget: new Float64Array(count),
  };
  for (let r = 1; r < rows.length; r++) {
    const [deal, outcome, nodes, ms, moves, budget] = rows[r]!.map((x) => x.trim());
    const bad = (what: string) => new InputError(`--from: ${path} line ${r + 1}: ${what}`);
    const i = Number(deal);
    if (deal === '' || !Number.isSafeInteger(i) || i < 0) throw bad(`bad deal '${deal}'`);
    if (i < first || i >= first + count) continue;
    const k = i - first;
    if (verdicts.outcome[k] !== 0) throw bad(`deal ${i} a second time`);
    const o = OUTCOME_NAMES.indexOf(outcome ?? '');
    if (o <= 0) throw bad(`bad outcome '${outcome}' (solved, unsolvable or unknown)`);
    const n = Number(nodes);
    const t = Number(ms);
    const m = Number(moves);
    const b = Number(budget);
    if (nodes === '' || !Number.isSafeInteger(n) || n < 0) throw bad(`bad nodes '${nodes}'`);
    if (ms === '' || !Number.isFinite(t) || t < 0) throw bad(`bad ms '${ms}'`);
    if (moves === '' || !Number.isSafeInteger(m) || m < 0) throw bad(`bad moves '${moves}'`);
    if (budget === '' || !Number.isSafeInteger(b) || b < 1) throw bad(`bad budget '${budget}'`);
    if (b > largest)
      throw bad(
        `deal ${i} was searched at ${b.toLocaleString('en')} positions, more than the largest of --nodes (${largest.toLocaleString('en')})`,
      );
    verdicts.outcome[k] = o;
    verdicts.nodes[k] = n;
    verdicts.ms[k] = t;
    verdicts.moves[k] = m;
    verdicts.budget[k] = b;
  }
  const missing = verdicts.outcome.indexOf(0);
  if (missing >= 0)
    throw new InputError(
      `--from: ${path} holds no verdict for deal ${first + missing} (it must hold every deal of the run)`,
    );
  return { verdicts, sha256: createHash('sha256').update(text).digest('hex') };
}
