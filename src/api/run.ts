// The jobs as functions: simulate, compare and solve run on worker threads as the commands do, with the same
// defaults, and return the rows the commands would write, instead of files, typed (stats/typed-rows.ts). Players
// are named as on the command line: a built-in id, or the path of a player module (job-options.ts reads what the
// jobs take). Bad input throws InputError; a module player that breaks its contract throws PlayerFaultError.

import { readFileSync } from 'node:fs';
import { openDealPool, runDeals, solveDeals, type RunOutcome } from '../sim/pool.js';
import { solverSettings, workerThreads } from '../sim/run-options.js';
import type { PlayerSettings } from '../players/player.js';
import type { PlayerFault } from '../sim/batch.js';
import { codeOf, type ChosenPlayer } from '../sim/modules.js';
import { compareRow, pairedCounts } from '../stats/compare.js';
import { resultRow } from '../stats/results.js';
import { solveRow } from '../stats/solvability.js';
import {
  compareRecord,
  simulateRecord,
  solveRecord,
  type CompareRecord,
  type SimulateRecord,
  type SolveRecord,
} from '../stats/typed-rows.js';
import { recordOf, type Tally } from '../stats/tally.js';
import { DEFAULTS, choose, players, range, type PlayOptions, type RunOptions } from './job-options.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** A module player broke its contract in play: where, and how (the deals before it are lost to this call). */
export class PlayerFaultError extends Error {
  constructor(
    readonly fault: PlayerFault,
    readonly player: string,
  ) {
    super(
      `${fault.message}; ${fault.move === 0 ? 'before the first move' : `at move ${fault.move}`} of deal ${fault.deal}`,
    );
    this.name = 'PlayerFaultError';
  }
}

function settingsText(p: ChosenPlayer, s: PlayerSettings): string {
  const own = Object.entries(s.options ?? {}).map(([k, v]) => `${k}=${v}`);
  return [...p.spec.uses.map((k) => `${k}=${String(s[k])}`), ...own].join(' ');
}

function checked(outcome: RunOutcome<Tally>, player: string): Tally {
  if (outcome.fault) throw new PlayerFaultError(outcome.fault, player);
  return outcome.tally;
}

/** Play the deals with each player; the rows `patience simulate` writes (one a player). */
export async function simulate(o: PlayOptions & { readonly players?: readonly string[] }): Promise<SimulateRecord[]> {
  const choice = choose(o);
  const { seed, first, count } = range(o, DEFAULTS.simulateDeals);
  const workers = workerThreads(o.workers);
  const cards = choice.game.create(choice.options).cardsInPlay;
  const rows: SimulateRecord[] = [];
  for (const p of await players(o.players ?? DEFAULTS.players, o, choice)) {
    const task = {
      game: choice.game.id,
      rules: choice.given,
      player: p.chosen.key,
      settings: p.task,
      modules: p.modules,
      seed,
      first,
      count,
      workers,
    };
    const tally = checked(await runDeals(task, cards), p.chosen.spec.id);
    const code = codeOf(p.chosen);
    rows.push(
      simulateRecord(
        resultRow(
          {
            game: choice.game.id,
            options: choice.text,
            player: p.chosen.spec.id,
            playerSettings: settingsText(p.chosen, p.settings),
            ...(code ? { playerModule: code } : {}),
            seed,
            version,
            partial: false,
          },
          tally,
        ),
      ),
    );
  }
  return rows;
}

/** Play the same deals with two players; the row `patience compare` writes (a fixed number of deals). */
export async function compare(
  o: PlayOptions & {
    readonly players: readonly [string, string];
    readonly optionsA?: Readonly<Record<string, string>>;
    readonly optionsB?: Readonly<Record<string, string>>;
  },
): Promise<CompareRecord> {
  const choice = choose(o);
  const { seed, first, count } = range(o, DEFAULTS.compareDeals);
  const workers = workerThreads(o.workers);
  const cards = choice.game.create(choice.options).cardsInPlay;
  const [a] = await players([o.players[0]], { ...o, playerOptions: { ...o.playerOptions, ...o.optionsA } }, choice);
  const [b] = await players([o.players[1]], { ...o, playerOptions: { ...o.playerOptions, ...o.optionsB } }, choice);
  const same = a!.chosen.spec.id === b!.chosen.spec.id;
  const label = (p: typeof a) =>
    same ? `${p!.chosen.spec.id}[${settingsText(p!.chosen, p!.settings)}]` : p!.chosen.spec.id;
  const pool = openDealPool(workers);
  const records = [];
  try {
    for (const p of [a!, b!]) {
      const task = {
        game: choice.game.id,
        rules: choice.given,
        player: p.chosen.key,
        settings: p.task,
        modules: p.modules,
        seed,
        first,
        count,
        perDeal: true,
      };
      records.push(recordOf(checked(await pool.run(task, cards), p.chosen.spec.id).chunks, first, count));
    }
  } finally {
    await pool.close();
  }
  const [ra, rb] = records as [ReturnType<typeof recordOf>, ReturnType<typeof recordOf>];
  const { pairedSummary } = await import('../stats/paired.js');
  const summary = pairedSummary(pairedCounts(ra, rb, () => true));
  return compareRecord(
    compareRow(
      {
        game: choice.game.id,
        a: label(a),
        b: label(b),
        optionsA: choice.text,
        optionsB: choice.text,
        playerA: a!.chosen.spec.id,
        playerB: b!.chosen.spec.id,
        settingsA: settingsText(a!.chosen, a!.settings),
        settingsB: settingsText(b!.chosen, b!.settings),
        moduleA: codeOf(a!.chosen),
        moduleB: codeOf(b!.chosen),
        seed,
        ranges: [[first, first + count - 1]],
        until: 'deals',
        partial: false,
        version,
      },
      summary,
    ),
  );
}

/**
 * Search the deals with every card known; the row `patience solve` writes. `nodes` is a budget or an escalation
 * (smallest first), `subsample` the share of the deals still unknown before the sampled budgets searched at
 * them, `sampleFrom` the first sampled budget (the last unless given), and `memoryMib` each worker's table of
 * positions, as solve's --nodes, --subsample, --sample-from and --memory (the errors name those flags).
 */
export async function solve(
  o: RunOptions & {
    readonly nodes?: number | readonly number[];
    readonly subsample?: number;
    readonly sampleFrom?: number;
    readonly memoryMib?: number;
  },
): Promise<SolveRecord> {
  const choice = choose(o);
  const { seed, first, count } = range(o, DEFAULTS.solveDeals);
  const workers = workerThreads(o.workers);
  const {
    budgets,
    subsample,
    sampledFrom,
    tableMib: memoryMib,
    tableBytes,
  } = solverSettings({ ...o, nodes: typeof o.nodes === 'number' ? [o.nodes] : o.nodes }, workers);
  const request = {
    kind: 'solve' as const,
    game: choice.game.id,
    rules: choice.given,
    seed,
    first,
    count,
    budgets,
    subsample,
    sampledFrom,
    tableBytes,
    perDeal: false,
    solutions: false,
    workers,
  };
  const outcome = await solveDeals(request);
  return solveRecord(
    solveRow(
      {
        game: choice.game.id,
        options: choice.text,
        seed,
        budgets,
        subsample,
        ...(o.sampleFrom !== undefined ? { sampledFrom: o.sampleFrom } : {}),
        tableMib: memoryMib,
        version,
        partial: false,
      },
      outcome.tally,
    ),
  );
}
