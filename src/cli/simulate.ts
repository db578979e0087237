// `patience simulate`: deal many reproducible deals on all cores, play them, print a summary table and write
// the CSV of win-rate statistics. Ctrl-C stops the pool and writes the deals that finished, marked partial.

import { makeExactDeck } from '../core/deck.js';
import type { PlayerSettings } from '../players/player.js';
import { dealDeck } from '../sim/deals.js';
import { defaultWorkers, runDeals } from '../sim/pool.js';
import { PLAY_DEAL_COLUMNS, playDealRows } from '../stats/per-deal.js';
import type { PlayChunk } from '../stats/tally.js';
import { COLUMNS, formatTable, resultRow, type ResultRow } from '../stats/results.js';
import { checkOutputs, reportStream, writeAtomically } from './files.js';
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
}

/** Run the simulation; returns the exit code (130 when interrupted, after writing what finished). */
export async function simulate(args: SimulateArgs, version: string): Promise<number> {
  const choice = chooseGame(args.game, args.rule);
  checkDealRange(args.first, args.deals);
  const players = choosePlayers(args.player);
  const settings: PlayerSettings = { depth: args.depth, nodes: args.nodes, samples: args.samples, rollout: args.rollout };
  const out = args.out ?? defaultOutPath(choice.game.id, choice.given, args.player.join('+'), args);
  checkOutputs([out, args.perDeal], args.force === true);
  const cardsInPlay = choice.game.create(choice.options).cardsInPlay;
  const workers = args.workers ?? defaultWorkers();

  const stop = watchInterrupt();
  const rows: ResultRow[] = [];
  const wonDeals: Array<[string, number[]]> = [];
  const perDeal: Array<[string, PlayChunk[]]> = [];
  try {
    for (const player of players) {
      if (stop.signal.aborted) break;
      const progress = startProgress(`${choice.game.id} ${player.id}`, args.deals, args.quiet);
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
            onProgress: (done) => progress.update(done),
            signal: stop.signal,
          },
          cardsInPlay,
        );
      } finally {
        progress.stop();
      }
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
          outcome.tally,
        ),
      );
      wonDeals.push([player.id, outcome.tally.wonDeals]);
      perDeal.push([player.id, outcome.tally.chunks]);
      if (!args.quiet) {
        const rate = (outcome.tally.deals / Math.max(1e-3, outcome.wallMs / 1000)).toFixed(0);
        process.stderr.write(`${choice.game.id} ${player.id}: ${outcome.tally.deals} deals in ${(outcome.wallMs / 1000).toFixed(1)} s on ${workers} workers (${rate} deals/s)\n`);
      }
    }
  } finally {
    stop.release();
  }

  const format = args.format ?? 'csv';
  if (rows.length > 0) writeAtomically(out, tableText(rows, COLUMNS, format));
  if (rows.length > 0 && args.perDeal !== undefined) writeAtomically(args.perDeal, tableText(playDealRows(perDeal), PLAY_DEAL_COLUMNS, format));
  const lines = [`${choice.game.title}  (${choice.optionsText})  seed ${args.seed}`, formatTable(rows)];
  for (const [i, [player, deals]] of wonDeals.entries()) {
    if (deals.length > 0) {
      const flags = `--player ${player}${settingFlags(players[i]!, settings)}${ruleFlags(args.rule)}`;
      lines.push(`won by ${player}: deals ${deals.join(', ')}  (replay: patience replay --game ${choice.game.id} --seed ${args.seed} --deal ${deals[0]} ${flags})`);
    }
  }
  for (const i of args.printDeck) lines.push(`deck of deal ${i}: ${makeExactDeck(dealDeck(args.seed, choice.game.id, i))}`);
  const written = args.perDeal !== undefined ? `${out}, ${args.perDeal}` : out;
  lines.push(rows.length > 0 ? `results written to ${written}${stop.signal.aborted ? ' (partial)' : ''}` : 'no deal finished; nothing written');
  reportStream([out, args.perDeal]).write(lines.join('\n') + '\n');
  return stop.exitCode();
}
