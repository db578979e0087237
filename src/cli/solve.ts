// `patience solve`: search many reproducible deals with every card known, on all cores; print how many were
// solved, proved unsolvable or left unknown, with the interval that counts the unknown both ways, and write the
// summary CSV (and, when asked, per-deal verdicts and the winning lines). Ctrl-C stops the pool and writes the
// deals that finished, marked partial and named so, with a checkpoint that `--resume` continues (checkpoint.ts).
// Every figure is an upper bound on what a player can win.

import { makeDeck } from '../core/deck.js';
import { dealDeck } from '../sim/deals.js';
import { defaultWorkers, solveDeals } from '../sim/pool.js';
import { OUTCOME_NAMES } from '../solve/solver.js';
import { SOLVE_DEAL_COLUMNS, solveDealRows } from '../stats/per-deal.js';
import { SOLVE_BOUND, SOLVE_COLUMNS, emptySolveTally, mergeSolveTally, solveRow, solvabilityInterval } from '../stats/solvability.js';
import { checkRunOutputs, openCheckpoint, partialPath, resumeCommand } from './checkpoint.js';
import { reportStream, writeAtomically } from './files.js';
import { tableText, type Format } from './output.js';
import { startProgress } from './progress.js';
import { checkDealRange, defaultOutPath, ruleFlags, watchInterrupt } from './runs.js';
import { chooseGame } from './setup.js';
import { makeSolutions } from './solutions.js';

/** The default node budget per deal. */
export const DEFAULT_BUDGET = 1_000_000;

/** The options of `patience solve`, as parsed. */
export interface SolveArgs {
  readonly game: string;
  readonly deals: number;
  readonly first: number;
  readonly seed: string;
  readonly rule: readonly string[];
  readonly workers?: number;
  readonly nodes: number;
  readonly out?: string;
  readonly perDeal?: string;
  readonly solutions?: string;
  /** Format of the summary and per-deal files (default csv). */
  readonly format?: Format;
  readonly quiet: boolean;
  /** Replace existing output files. */
  readonly force?: boolean;
  /** Continue the run from its checkpoint. */
  readonly resume?: boolean;
}

/** Run the solver over the deals; returns the exit code (130 when interrupted, after writing what finished). */
export async function solve(args: SolveArgs, version: string): Promise<number> {
  const choice = chooseGame(args.game, args.rule);
  checkDealRange(args.first, args.deals);
  const out = args.out ?? defaultOutPath(choice.game.id, choice.given, 'solve', args);
  const start = { resume: args.resume === true, force: args.force === true };
  checkRunOutputs([out, args.perDeal, args.solutions], start);
  const workers = args.workers ?? defaultWorkers();
  const identity = {
    command: 'solve', game: choice.game.id, options: choice.optionsText, seed: args.seed, first: String(args.first), deals: String(args.deals),
    node_budget: String(args.nodes), per_deal: String(args.perDeal !== undefined), solutions: String(args.solutions !== undefined), version,
  };
  const run = openCheckpoint([out, args.perDeal, args.solutions], identity, start, { empty: emptySolveTally, merge: mergeSolveTally });
  const before = run.earlier('solve');

  const stop = watchInterrupt();
  const progress = startProgress(`${choice.game.id} solve`, args.deals, args.quiet, process.stderr, before.deals);
  let outcome;
  try {
    outcome = await solveDeals({
      kind: 'solve',
      game: choice.game.id,
      rules: choice.given,
      seed: args.seed,
      first: args.first,
      count: args.deals,
      budget: args.nodes,
      perDeal: args.perDeal !== undefined,
      solutions: args.solutions !== undefined,
      workers,
      onProgress: (done) => progress.update(before.deals + done),
      signal: stop.signal,
      done: before.ranges,
      onTally: (t) => run.record('solve', t),
    });
  } finally {
    progress.stop();
    stop.release();
  }
  const t = mergeSolveTally(before, outcome.tally);
  const partial = outcome.partial;
  const named = (path: string) => (partial ? partialPath(path) : path);
  if (partial) run.interrupted(t.deals > 0 ? [out, args.perDeal, args.solutions].filter((p) => p !== undefined).map(named) : []);
  if (!args.quiet) {
    const rate = (outcome.tally.deals / Math.max(1e-3, outcome.wallMs / 1000)).toFixed(1);
    process.stderr.write(`${choice.game.id} solve: ${outcome.tally.deals} deals in ${(outcome.wallMs / 1000).toFixed(1)} s on ${workers} workers (${rate} deals/s)\n`);
  }
  if (t.deals === 0) {
    reportStream([out, args.perDeal, args.solutions]).write(`no deal finished; nothing written${run.resumable() ? `\nfinished deals kept in ${run.path}; to go on: ${resumeCommand()}` : ''}\n`);
    return stop.exitCode();
  }
  const row = solveRow({ game: choice.game.id, options: choice.optionsText, seed: args.seed, budget: args.nodes, version, partial }, t);
  const format = args.format ?? 'csv';
  run.keeping(() => {
    writeAtomically(named(out), tableText([row], SOLVE_COLUMNS, format));
    if (args.perDeal !== undefined) writeAtomically(named(args.perDeal), tableText(solveDealRows(t.chunks, OUTCOME_NAMES), SOLVE_DEAL_COLUMNS, format));
    if (args.solutions !== undefined) {
      const records = [...t.solutions]
        .sort((a, b) => a.deal - b.deal)
        .map((s) => ({ game: choice.game.id, options: choice.options, seed: args.seed, deal: s.deal, deck: makeDeck(dealDeck(args.seed, choice.game.id, s.deal)), moves: s.line, version }));
      writeAtomically(named(args.solutions), makeSolutions(records));
    }
  });
  if (!partial) run.completed();

  const [low, high] = solvabilityInterval(t);
  const pct = (x: number) => `${(100 * x).toFixed(x > 0 && x < 0.001 ? 4 : 2)}%`;
  const lines = [
    `${choice.game.title}  (${choice.optionsText})  seed ${args.seed}, deals ${t.ranges.map(([a, b]) => `${a}-${b}`).join(',')}`,
    `solver (${SOLVE_BOUND}; at most ${args.nodes.toLocaleString('en')} positions a deal):`,
    `  solved ${t.solved}, unsolvable ${t.unsolvable}, unknown ${t.unknown} of ${t.deals} deals`,
    `  winnable: ${pct(low)} - ${pct(high)} (95%; the unknown deals counted as lost at the low end, as won at the high end)`,
    `  ${t.nodes.toLocaleString('en')} positions in ${(t.busyMs / 1000).toFixed(1)} s of search (${((t.nodes / Math.max(1, t.busyMs)) * 1000).toFixed(0)} positions/s)`,
  ];
  const pruning = Object.entries(t.pruned).filter(([, n]) => n > 0);
  if (pruning.length > 0) lines.push(`  pruned: ${pruning.map(([name, n]) => `${name} ${n.toLocaleString('en')}`).join(', ')}`);
  if (t.solvedDeals.length > 0) {
    lines.push(`solved deals: ${t.solvedDeals.join(', ')}  (replay: patience replay --game ${choice.game.id} --seed ${args.seed} --deal ${t.solvedDeals[0]} --solution --nodes ${args.nodes}${ruleFlags(args.rule)})`);
  }
  const written = [out, args.perDeal, args.solutions].filter((p) => p !== undefined).map(named).join(', ');
  lines.push(`results written to ${written}${partial ? ' (partial)' : ''}`);
  if (partial && run.resumable()) lines.push(`finished deals kept in ${run.path}; to go on: ${resumeCommand()}`);
  reportStream([out, args.perDeal, args.solutions]).write(lines.join('\n') + '\n');
  return stop.exitCode();
}
