// `patience simulate`: deal many reproducible deals on all cores, play them, print a summary table and write
// the CSV of win-rate statistics. Ctrl-C stops the pool and writes the deals that finished, marked partial and
// named so (shah.partial.csv), with a checkpoint that `--resume` continues (checkpoint.ts).

import { makeExactDeck } from '../core/deck.js';
import type { PlayerSettings } from '../players/player.js';
import { dealDeck, dealFlags } from '../sim/deals.js';
import { runDeals } from '../sim/pool.js';
import { PLAY_DEAL_COLUMNS, playDealRows } from '../stats/per-deal.js';
import { emptyTally, mergeTally, type PlayChunk } from '../stats/tally.js';
import { COLUMNS, formatTable, resultRow, type ResultRow } from '../stats/results.js';
import { openCheckpoint } from './checkpoint.js';
import { partialPath, resumeCommand, startRun } from './run-start.js';
import { checkNotInputs, pathText, reportStream, writeTogether } from './files.js';
import { counted, tableText, type Format } from './output.js';
import { startProgress } from './progress.js';
import { commandLine, defaultOutPath, freeOut, ruleFlags, settingFlags, watchingInterrupts } from './runs.js';
import { checkDealRange, workerThreads } from '../sim/run-options.js';
import { checkSettingsUsed, chooseGame, gameHeading, settingsText } from './setup.js';
import {
  AFTER_FAULT,
  checkCreate,
  checkModuleHonesty,
  checkOptionsTaken,
  faultLine,
  identityOf,
  optionFlags,
  playerOptions,
} from './player-modules.js';
import { choosePlayerWords, chooseRollout, codeOf, modulesOf, settingsFor, taskSettings } from '../sim/modules.js';
import type { PlayerFault } from '../sim/batch.js';

/** The options of `patience simulate`, as parsed. */
export interface SimulateArgs {
  readonly game: string;
  readonly deals: number;
  readonly first: number;
  readonly player: readonly string[];
  readonly seed: string;
  readonly rule: readonly string[];
  readonly workers?: number;
  readonly depth: number;
  readonly nodes: number;
  readonly samples: number;
  readonly rollout: string;
  readonly searchNodes: number;
  readonly searches: number;
  readonly foresight: string;
  readonly iterations: number;
  readonly out?: string;
  /** Also write one row per deal and player here. */
  readonly perDeal?: string;
  /** Format of the output files (default csv). */
  readonly format?: Format;
  readonly printDeck: readonly number[];
  readonly quiet: boolean;
  /** Replace existing output files. */
  readonly force?: boolean;
  /** Continue the run from its checkpoint. */
  readonly resume?: boolean;
  /** The player settings (and --delta) given on the command line rather than left at their defaults: each must be used.
   * */
  readonly given?: readonly string[];
  /** key=value options for module players (--player-option). */
  readonly playerOption?: readonly string[];
  /** Run the honesty check on each player before the run. */
  readonly checkHonesty?: boolean;
  /** Print the stack of what a module player threw. */
  readonly debug?: boolean;
}

/** Run the simulation; returns the exit code (130 when interrupted, after writing what finished). */
export async function simulate(args: SimulateArgs, version: string): Promise<number> {
  const choice = chooseGame(args.game, args.rule);
  checkDealRange(args.first, args.deals);
  const chosen = await choosePlayerWords(args.player);
  const rollout = await chooseRollout(args.rollout);
  checkOptionsTaken(args.playerOption ?? [], [...chosen, rollout]);
  const given = playerOptions(args.playerOption ?? [], false).get('')!;
  const base: PlayerSettings = {
    depth: args.depth,
    nodes: args.nodes,
    samples: args.samples,
    rollout: args.rollout,
    searchNodes: args.searchNodes,
    searches: args.searches,
    foresight: args.foresight,
    iterations: args.iterations,
  };
  const settingsOf = chosen.map((p) => settingsFor(p, base, given, rollout));
  chosen.forEach((p, i) => checkCreate(p, choice.game, taskSettings(settingsOf[i]!, rollout), rollout));
  const players = chosen.map((p) => p.spec);
  checkSettingsUsed(players, args.given ?? []);
  const out =
    args.out ?? freeOut(defaultOutPath(choice.game.id, choice.given, players.map((p) => p.id).join('+'), args), args);
  checkNotInputs(
    [out, args.perDeal],
    [...chosen, rollout].map((p) => p.module?.path),
  );
  const start = startRun([out, args.perDeal], args);
  const cardsInPlay = choice.game.create(choice.options).cardsInPlay;
  const workers = workerThreads(args.workers);
  const identity = {
    command: 'simulate',
    game: choice.game.id,
    options: choice.optionsText,
    seed: args.seed,
    first: String(args.first),
    deals: String(args.deals),
    players: chosen.map((p, i) => identityOf(p, settingsText(p.spec, settingsOf[i]!), rollout)).join(','),
    per_deal: String(args.perDeal !== undefined),
    version,
  };
  if (args.checkHonesty) {
    for (const [i, p] of chosen.entries()) {
      const line = checkModuleHonesty(p, choice.game, choice.options, taskSettings(settingsOf[i]!, rollout));
      if (!args.quiet) process.stderr.write(line + '\n');
    }
  }

  return watchingInterrupts(async (stop) => {
    // opened under the watch: a signal from the moment the locks are taken is seen, and they go with the watch
    const run = openCheckpoint([out, args.perDeal], identity, start, {
      empty: () => emptyTally(cardsInPlay),
      merge: mergeTally,
    });
    let partial = false;
    const rows: ResultRow[] = [];
    const wonDeals: Array<[string, number[]]> = [];
    const perDeal: Array<[string, PlayChunk[]]> = [];
    let fault: PlayerFault | undefined;
    let faulty = 0;
    try {
      for (const [i, player] of players.entries()) {
        if (stop.signal.aborted || fault) break;
        const settings = settingsOf[i]!;
        const before = run.earlier(player.id);
        const progress = startProgress(
          `${choice.game.id} ${player.id}`,
          args.deals,
          args.quiet,
          process.stderr,
          before.deals,
        );
        let outcome: Awaited<ReturnType<typeof runDeals>>;
        try {
          outcome = await runDeals(
            {
              game: choice.game.id,
              rules: choice.given,
              player: chosen[i]!.key,
              settings: taskSettings(settings, rollout),
              modules: modulesOf(chosen[i]!, rollout),
              seed: args.seed,
              first: args.first,
              count: args.deals,
              perDeal: args.perDeal !== undefined,
              workers,
              onProgress: (done) => progress.update(before.deals + done),
              signal: stop.signal,
              done: before.ranges,
              onTally: (t) => run.record(player.id, t),
            },
            cardsInPlay,
          );
        } finally {
          progress.stop();
        }
        const tally = mergeTally(before, outcome.tally);
        partial ||= outcome.partial;
        if (outcome.fault) [fault, faulty] = [outcome.fault, i];
        // stopped before any of this player's deals finished: no row (as solve and compare write none)
        if (tally.deals === 0 && !fault) break;
        const code = codeOf(chosen[i]!, rollout);
        rows.push(
          resultRow(
            {
              game: choice.game.id,
              options: choice.optionsText,
              player: player.id,
              playerSettings: settingsText(player, settings),
              ...(code ? { playerModule: code } : {}),
              seed: args.seed,
              version,
              partial: outcome.partial,
            },
            tally,
          ),
        );
        wonDeals.push([player.id, tally.wonDeals]);
        perDeal.push([player.id, tally.chunks]);
        if (!args.quiet) {
          const rate = (outcome.tally.deals / Math.max(1e-3, outcome.wallMs / 1000)).toFixed(0);
          process.stderr.write(
            `${choice.game.id} ${player.id}: ${counted(outcome.tally.deals, 'deal')} in ${(outcome.wallMs / 1000).toFixed(1)} s on ${counted(workers, 'worker')} (${rate} deals/s)\n`,
          );
        }
      }
    } finally {
      stop.writing();
    }
    partial ||= rows.length < players.length;
    const named = (path: string) => (partial ? partialPath(path) : path);
    if (partial) run.interrupted(rows.length > 0 ? [out, args.perDeal].filter((p) => p !== undefined).map(named) : []);

    const format = args.format ?? 'csv';
    run.keeping(
      () => {
        if (rows.length === 0) return;
        const files: Array<[string, string]> = [[named(out), tableText(rows, COLUMNS, format)]];
        if (args.perDeal !== undefined)
          files.push([named(args.perDeal), tableText(playDealRows(perDeal), PLAY_DEAL_COLUMNS, format)]);
        writeTogether(files);
      },
      resumeCommand(commandLine(args.out, out)),
    );
    if (!partial) run.completed();
    const lines = rows.length > 0 ? [`${gameHeading(choice)}  seed ${args.seed}`, formatTable(rows)] : [];
    const replayFlags = (i: number) =>
      `--player ${chosen[i]!.module?.path ?? players[i]!.id}${settingFlags(players[i]!, settingsOf[i]!)}${optionFlags(settingsOf[i]!)}${ruleFlags(args.rule)}`;
    for (const [i, [player, deals]] of wonDeals.entries()) {
      if (deals.length > 0) {
        const flags = replayFlags(i);
        lines.push(
          `won by ${player}: deals ${deals.join(', ')}  (replay: patience replay --game ${choice.game.id} ${dealFlags(args.seed, deals[0]!)} ${flags})`,
        );
      }
    }
    for (const p of players)
      if (p.told !== undefined)
        lines.push(`${p.id} is told ${p.told}: an analysis of foresight, not a player's result`);
    for (const i of args.printDeck)
      lines.push(`deck of deal ${i}: ${makeExactDeck(dealDeck(args.seed, choice.game.id, i))}`);
    const written = [out, args.perDeal]
      .filter((p) => p !== undefined)
      .map((p) => pathText(named(p)))
      .join(', ');
    lines.push(
      rows.length > 0
        ? `results written to ${written}${partial ? ' (partial)' : ''}`
        : 'no deal finished; nothing written',
    );
    // after a player's fault, the same module would stop at the same deal again: no command to go on with
    if (partial && run.resumable())
      lines.push(
        `finished deals kept in ${run.path}; ${fault ? AFTER_FAULT : `to go on: ${resumeCommand(commandLine(args.out, out))}`}`,
      );
    reportStream([out, args.perDeal]).write(lines.join('\n') + '\n');
    if (fault) {
      process.stderr.write(`patience: ${faultLine(fault, choice.game.id, args.seed, ' ' + replayFlags(faulty))}\n`);
      if (args.debug && fault.detail) process.stderr.write(fault.detail + '\n');
      return 2;
    }
    return stop.exitCode();
  });
}
