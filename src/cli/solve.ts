// `patience solve`: search many reproducible deals with every card known, on all cores; print how many were
// solved, proved unsolvable or left unknown, with the interval that counts the unknown both ways, and write the
// summary CSV (and, when asked, per-deal verdicts and the winning lines). Ctrl-C stops the pool and writes the
// deals that finished, marked partial and named so, with a checkpoint that `--resume` continues (checkpoint.ts).
// Every figure is an upper bound on what a player can win.

import { makeDeck } from '../core/deck.js';
import { InputError } from '../core/errors.js';
import { sameOptionsText } from '../core/options.js';
import { dealDeck, dealFlags } from '../sim/deals.js';
import { solveDeals } from '../sim/pool.js';
import { DEFAULT_MEMORY_MIB, checkDealRange, solverSettings, workerThreads } from '../sim/run-options.js';
import { OUTCOME_NAMES } from '../solve/solver.js';
import { SOLVE_DEAL_COLUMNS, solveDealRows } from '../stats/per-deal.js';
import {
  SOLVE_BOUND,
  SOLVE_COLUMNS,
  emptySolveTally,
  mergeSolveTally,
  solveRow,
  solvabilityInterval,
  twoStageEstimate,
} from '../stats/solvability.js';
import { openCheckpoint } from './checkpoint.js';
import { partialPath, resumeCommand, startRun } from './run-start.js';
import { checkNotInputs, pathText, reportStream, writeTogether } from './files.js';
import { counted, tableText, type Format } from './output.js';
import { checkEarlierSummary, readEarlierVerdicts } from './earlier-verdicts.js';
import { startProgress } from './progress.js';
import { commandLine, defaultOutPath, freeOut, ruleFlags, watchingInterrupts } from './runs.js';
import { chooseGame, gameHeading } from './setup.js';
import { makeSolutions } from './solutions.js';

/** The options of `patience solve`, as parsed. */
export interface SolveArgs {
  readonly game: string;
  readonly deals: number;
  readonly first: number;
  readonly seed: string;
  readonly rule: readonly string[];
  readonly workers?: number;
  /** The escalation's budgets, smallest first (one for a plain run). */
  readonly nodes: readonly number[];
  /** The share of the deals unknown before the sampled budgets searched at them (default 1: all). */
  readonly subsample?: number;
  /** The first budget only the subsample is searched at (default the last). */
  readonly sampleFrom?: number;
  /** The most memory of each worker's table of positions, in MiB. */
  readonly memory?: number;
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
  /** An earlier run's per-deal file to go on from, and its summary (earlier-verdicts.ts). */
  readonly from?: string;
  readonly fromSummary?: string;
  /** With --from: search the deals it had not decided below the sampled budgets again at the first budget. */
  readonly again?: boolean;
}

/** Run the solver over the deals; returns the exit code (130 when interrupted, after writing what finished). */
export async function solve(args: SolveArgs, version: string): Promise<number> {
  const choice = chooseGame(args.game, args.rule);
  checkDealRange(args.first, args.deals);
  const workers = workerThreads(args.workers);
  const {
    subsample,
    sampledFrom,
    sampledBudget,
    tableMib: memory,
    tableBytes,
  } = solverSettings(
    { nodes: args.nodes, subsample: args.subsample, sampleFrom: args.sampleFrom, memoryMib: args.memory },
    workers,
  );
  if (args.from !== undefined && args.solutions !== undefined)
    throw new InputError(
      "--solutions cannot be given with --from: the earlier run's winning lines are not in its per-deal file",
    );
  if ((args.from === undefined) !== (args.fromSummary === undefined))
    throw new InputError("--from and --from-summary go together: the earlier run's per-deal file and its summary");
  if (args.again === true && args.from === undefined)
    throw new InputError('--again searches again the deals of an earlier run: give it with --from and --from-summary');
  const fromVersion =
    args.fromSummary !== undefined
      ? checkEarlierSummary(args.fromSummary, {
          game: choice.game.id,
          options: choice.optionsText,
          seed: args.seed,
          sameOptions: (text) => sameOptionsText(choice.game.options, choice.options, text),
        })
      : undefined;
  const from = args.from !== undefined ? readEarlierVerdicts(args.from, args.first, args.deals, args.nodes) : undefined;
  const out = args.out ?? freeOut(defaultOutPath(choice.game.id, choice.given, 'solve', args), args);
  checkNotInputs([out, args.perDeal, args.solutions], [args.from, args.fromSummary]);
  const start = startRun([out, args.perDeal, args.solutions], args);
  const identity = {
    command: 'solve',
    game: choice.game.id,
    options: choice.optionsText,
    seed: args.seed,
    first: String(args.first),
    deals: String(args.deals),
    node_budget: args.nodes.join(','),
    subsample: String(subsample),
    sampled_from: String(sampledBudget ?? ''),
    table_mib: String(memory),
    per_deal: String(args.perDeal !== undefined),
    solutions: String(args.solutions !== undefined),
    version,
    from: args.from ?? '',
    from_sha256: from?.sha256 ?? '',
    from_again: String(args.again === true),
  };

  return watchingInterrupts(async (stop) => {
    // opened under the watch: a signal from the moment the locks are taken is seen, and they go with the watch
    const run = openCheckpoint([out, args.perDeal, args.solutions], identity, start, {
      empty: emptySolveTally,
      merge: mergeSolveTally,
    });
    const before = run.earlier('solve');
    const progress = startProgress(`${choice.game.id} solve`, args.deals, args.quiet, process.stderr, before.deals);
    let outcome: Awaited<ReturnType<typeof solveDeals>>;
    try {
      outcome = await solveDeals({
        kind: 'solve',
        game: choice.game.id,
        rules: choice.given,
        seed: args.seed,
        first: args.first,
        count: args.deals,
        budgets: args.nodes,
        subsample,
        sampledFrom,
        tableBytes,
        perDeal: args.perDeal !== undefined,
        solutions: args.solutions !== undefined,
        ...(from ? { earlier: from.verdicts, again: args.again === true } : {}),
        workers,
        onProgress: (done) => progress.update(before.deals + done),
        signal: stop.signal,
        done: before.ranges,
        onTally: (t) => run.record('solve', t),
      });
    } finally {
      stop.writing();
      progress.stop();
    }
    const t = mergeSolveTally(before, outcome.tally);
    const partial = outcome.partial;
    const named = (path: string) => (partial ? partialPath(path) : path);
    if (partial)
      run.interrupted(t.deals > 0 ? [out, args.perDeal, args.solutions].filter((p) => p !== undefined).map(named) : []);
    if (!args.quiet) {
      const rate = (outcome.tally.deals / Math.max(1e-3, outcome.wallMs / 1000)).toFixed(1);
      process.stderr.write(
        `${choice.game.id} solve: ${counted(outcome.tally.deals, 'deal')} in ${(outcome.wallMs / 1000).toFixed(1)} s on ${counted(workers, 'worker')} (${rate} deals/s)\n`,
      );
    }
    if (t.deals === 0) {
      reportStream([out, args.perDeal, args.solutions]).write(
        `no deal finished; nothing written${run.resumable() ? `\nfinished deals kept in ${run.path}; to go on: ${resumeCommand(commandLine(args.out, out))}` : ''}\n`,
      );
      return stop.exitCode();
    }
    const row = solveRow(
      {
        game: choice.game.id,
        options: choice.optionsText,
        seed: args.seed,
        budgets: args.nodes,
        subsample,
        ...(sampledBudget !== undefined ? { sampledFrom: sampledBudget } : {}),
        tableMib: memory,
        version,
        partial,
        ...(from ? { from: { path: args.from!, sha256: from.sha256, again: args.again === true } } : {}),
      },
      t,
    );
    const format = args.format ?? 'csv';
    run.keeping(
      () => {
        const files: Array<[string, string]> = [[named(out), tableText([row], SOLVE_COLUMNS, format)]];
        if (args.perDeal !== undefined)
          files.push([
            named(args.perDeal),
            tableText(solveDealRows(t.chunks, OUTCOME_NAMES), SOLVE_DEAL_COLUMNS, format),
          ]);
        if (args.solutions !== undefined) {
          const records = [...t.solutions]
            .sort((a, b) => a.deal - b.deal)
            .map((s) => ({
              game: choice.game.id,
              options: choice.options,
              seed: args.seed,
              deal: s.deal,
              deck: makeDeck(dealDeck(args.seed, choice.game.id, s.deal)),
              moves: s.line,
              version,
            }));
          files.push([named(args.solutions), makeSolutions(records)]);
        }
        writeTogether(files);
      },
      resumeCommand(commandLine(args.out, out)),
    );
    if (!partial) run.completed();

    const [low, high] = solvabilityInterval(t);
    const pct = (x: number) => `${(100 * x).toFixed(x > 0 && x < 0.001 ? 4 : 2)}%`;
    const lines = [
      `${gameHeading(choice)}  seed ${args.seed}, deals ${t.ranges.map(([a, b]) => `${a}-${b}`).join(',')}`,
      `solver (${SOLVE_BOUND}; at most ${budgetsText(args.nodes, subsample, sampledFrom)} positions a deal${args.from !== undefined ? `, going on from the verdicts in ${args.from}, made by version ${fromVersion}` : ''}):`,
      `  solved ${t.solved}, unsolvable ${t.unsolvable}, unknown ${t.unknown} of ${t.deals} deals`,
      `  winnable: ${pct(low)} - ${pct(high)} (95%; the unknown deals counted as lost at the low end, as won at the high end)`,
      `  ${t.nodes.toLocaleString('en')} positions in ${(t.busyMs / 1000).toFixed(1)} s of search (${((t.nodes / Math.max(1, t.busyMs)) * 1000).toFixed(0)} positions/s)`,
    ];
    const estimate = subsample < 1 ? twoStageEstimate(t) : undefined;
    if (estimate !== undefined) {
      const before = args.nodes[sampledFrom - 1]!.toLocaleString('en');
      lines.push(
        `  two-stage estimate: ${pct(estimate.low)}${estimate.high > estimate.low ? ` - ${pct(estimate.high)}` : ''} winnable, 95% interval ${pct(estimate.ciLow)} - ${pct(estimate.ciHigh)}`,
        `    (of the deals unknown at ${before} positions, a random ${t.sampled} searched further: ${t.sampledSolved} solved, ${t.sampledUnsolvable} unsolvable, ${t.sampled - t.sampledSolved - t.sampledUnsolvable} still unknown, counted both ways)`,
      );
    }
    const pruning = Object.entries(t.pruned).filter(([, n]) => n > 0);
    if (pruning.length > 0)
      lines.push(`  pruned: ${pruning.map(([name, n]) => `${name} ${n.toLocaleString('en')}`).join(', ')}`);
    if (t.solvedDeals.length > 0) {
      lines.push(
        `solved deals: ${t.solvedDeals.join(', ')}  (replay: patience replay --game ${choice.game.id} ${dealFlags(args.seed, t.solvedDeals[0]!)} --solution --nodes ${args.nodes.join(',')}${memory !== DEFAULT_MEMORY_MIB ? ` --memory ${memory}` : ''}${ruleFlags(args.rule)})`,
      );
    }
    const written = [out, args.perDeal, args.solutions]
      .filter((p) => p !== undefined)
      .map((p) => pathText(named(p)))
      .join(', ');
    lines.push(`results written to ${written}${partial ? ' (partial)' : ''}`);
    if (partial && run.resumable())
      lines.push(`finished deals kept in ${run.path}; to go on: ${resumeCommand(commandLine(args.out, out))}`);
    reportStream([out, args.perDeal, args.solutions]).write(lines.join('\n') + '\n');
    return stop.exitCode();
  });
}

/** The budgets as the summary prints them: "1,000,000", or "100,000, then 10,000,000 (for a random 10% ...)". */
function budgetsText(budgets: readonly number[], subsample: number, sampledFrom: number): string {
  const last = budgets.length - 1;
  const sampled = ` (for a random ${(subsample * 100).toFixed(0)}% of the deals still unknown${sampledFrom < last ? ', at this budget and those after it' : ''})`;
  return budgets
    .map((b, i) => `${b.toLocaleString('en')}${i === sampledFrom && i > 0 && subsample < 1 ? sampled : ''}`)
    .join(', then ');
}
