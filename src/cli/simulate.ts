// `patience simulate`: deal many reproducible deals on all cores, play them, print a summary table and write
// the CSV of win-rate statistics. Ctrl-C stops the pool and writes the deals that finished, marked partial and
// named so (shah.partial.csv), with a checkpoint that `--resume` continues (checkpoint.ts).

import { makeExactDeck } from '../core/deck.js';
import type { PlayerSettings } from '../players/player.js';
import { dealDeck } from '../sim/deals.js';
import { defaultWorkers, runDeals } from '../sim/pool.js';
import { PLAY_DEAL_COLUMNS, playDealRows } from '../stats/per-deal.js';
import { emptyTally, mergeTally, type PlayChunk } from '../stats/tally.js';
import { COLUMNS, formatTable, resultRow, type ResultRow } from '../stats/results.js';
import { checkRunOutputs, openCheckpoint, partialPath, resumeCommand } from './checkpoint.js';
import { reportStream, writeAtomically } from './files.js';
import { tableText, type Format } from './output.js';
import { startProgress } from './progress.js';
import { checkDealRange, defaultOutPath, ruleFlags, settingFlags, watchInterrupt } from './runs.js';
import { chooseGame, choosePlayers, settingsText } from './setup.js';

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
}

/** Run the simulation; returns the exit code (130 when interrupted, after writing what finished). */
export async function simulate(args: SimulateArgs, version: string): Promise<number> {
  const choice = chooseGame(args.game, args.rule);
  checkDealRange(args.first, args.deals);
  const players = choosePlayers(args.player);
  const settings: PlayerSettings = { depth: args.depth, nodes: args.nodes, samples: args.samples, rollout: args.rollout };
  const out = args.out ?? defaultOutPath(choice.game.id, choice.given, args.player.join('+'), args);
  const start = { resume: args.resume === true, force: args.force === true };
  checkRunOutputs([out, args.perDeal], start);
  const cardsInPlay = choice.game.create(choice.options).cardsInPlay;
  const workers = args.workers ?? defaultWorkers();
  const identity = {
    command: 'simulate', game: choice.game.id, options: choice.optionsText, seed: args.seed, first: String(args.first), deals: String(args.deals),
    players: players.map((p) => `${p.id}(${settingsText(p, settings)})`).join(','), per_deal: String(args.perDeal !== undefined), version,
  };
  const run = openCheckpoint([out, args.perDeal], identity, start, { empty: () => emptyTally(cardsInPlay), merge: mergeTally });

  const stop = watchInterrupt();
  let partial = false;
  const rows: ResultRow[] = [];
  const wonDeals: Array<[string, number[]]> = [];
  const perDeal: Array<[string, PlayChunk[]]> = [];
  try {
    for (const player of players) {
      if (stop.signal.aborted) break;
      const before = run.earlier(player.id);
      const progress = startProgress(`${choice.game.id} ${player.id}`, args.deals, args.quiet, process.stderr, before.deals);
      let outcome;
      try {
        outcome = await runDeals(
          {
            game: choice.game.id,
            rules: choice.given,
            player: player.id,
            settings,
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
      rows.push(
        resultRow(
          {
            game: choice.game.id,
            options: choice.optionsText,
            player: player.id,
            playerSettings: settingsText(player, settings),
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
        process.stderr.write(`${choice.game.id} ${player.id}: ${outcome.tally.deals} deals in ${(outcome.wallMs / 1000).toFixed(1)} s on ${workers} workers (${rate} deals/s)\n`);
      }
    }
  } finally {
    stop.release();
  }
  partial ||= rows.length < players.length;
  const named = (path: string) => (partial ? partialPath(path) : path);
  if (partial) run.interrupted(rows.length > 0 ? [out, args.perDeal].filter((p) => p !== undefined).map(named) : []);

  const format = args.format ?? 'csv';
  run.keeping(() => {
    if (rows.length > 0) writeAtomically(named(out), tableText(rows, COLUMNS, format));
    if (rows.length > 0 && args.perDeal !== undefined) writeAtomically(named(args.perDeal), tableText(playDealRows(perDeal), PLAY_DEAL_COLUMNS, format));
  });
  if (!partial) run.completed();
  const lines = [`${choice.game.title}  (${choice.optionsText})  seed ${args.seed}`, formatTable(rows)];
  for (const [i, [player, deals]] of wonDeals.entries()) {
    if (deals.length > 0) {
      const flags = `--player ${player}${settingFlags(players[i]!, settings)}${ruleFlags(args.rule)}`;
      lines.push(`won by ${player}: deals ${deals.join(', ')}  (replay: patience replay --game ${choice.game.id} --seed ${args.seed} --deal ${deals[0]} ${flags})`);
    }
  }
  for (const i of args.printDeck) lines.push(`deck of deal ${i}: ${makeExactDeck(dealDeck(args.seed, choice.game.id, i))}`);
  const written = args.perDeal !== undefined ? `${named(out)}, ${named(args.perDeal)}` : named(out);
  lines.push(rows.length > 0 ? `results written to ${written}${partial ? ' (partial)' : ''}` : 'no deal finished; nothing written');
  if (partial && run.resumable()) lines.push(`finished deals kept in ${run.path}; to go on: ${resumeCommand()}`);
  reportStream([out, args.perDeal]).write(lines.join('\n') + '\n');
  return stop.exitCode();
}
