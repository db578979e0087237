// The jobs as functions: simulate, compare and solve run on worker threads as the commands do, with the same
// defaults, and return the rows the commands would write, instead of files, typed (stats/typed-rows.ts). Players are named as on the command
// line: a built-in id, or the path of a player module. Bad input throws InputError; a module player that breaks
// its contract throws PlayerFaultError.

import { readFileSync } from 'node:fs';
import { DEFAULT_BUDGET, DEFAULT_DEALS, DEFAULT_MEMORY_MIB, DEFAULT_PLAYER, DEFAULT_SEED, checkDealRange, solverSettings } from '../sim/run-options.js';
import { InputError } from '../core/errors.js';
import { formatOptions, parseRuleAssignments, resolveOptions, type OptionValue, type Options } from '../core/options.js';
import type { Game } from '../core/game.js';
import { findGame } from '../games/registry.js';
import { DEFAULT_SETTINGS, type PlayerSettings } from '../players/player.js';
import type { PlayerFault } from '../sim/batch.js';
import { choosePlayerWords, chooseRollout, codeOf, modulesOf, settingsFor, taskSettings, type ChosenPlayer } from '../sim/modules.js';
import { defaultWorkers, openDealPool, runDeals, solveDeals, type RunOutcome } from '../sim/pool.js';
import { compareRow, pairedCounts } from '../stats/compare.js';
import { resultRow } from '../stats/results.js';
import { solveRow } from '../stats/solvability.js';
import { compareRecord, simulateRecord, solveRecord, type CompareRecord, type SimulateRecord, type SolveRecord } from '../stats/typed-rows.js';
import { recordOf, type Tally } from '../stats/tally.js';

/** The commands' defaults (`patience <command> --help`), as the command line has them (sim/run-options.ts). */
export const DEFAULTS = {
  seed: DEFAULT_SEED,
  simulateDeals: DEFAULT_DEALS.simulate,
  compareDeals: DEFAULT_DEALS.compare,
  solveDeals: DEFAULT_DEALS.solve,
  nodes: DEFAULT_BUDGET,
  memoryMib: DEFAULT_MEMORY_MIB,
  players: [DEFAULT_PLAYER],
} as const;

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** What every job takes: the game and its rules, the deals, the threads. */
export interface RunOptions {
  /** Game id (GAMES). */
  readonly game: string;
  /** Rule options, as name to value or as the command line's "name=value" words. */
  readonly rules?: Readonly<Record<string, OptionValue>> | readonly string[];
  readonly seed?: string;
  /** Index of the first deal (default 0). */
  readonly first?: number;
  readonly deals?: number;
  /** Worker threads (default: every core). */
  readonly workers?: number;
}

/** What simulate and compare take besides: the players' settings and module players' options. */
export interface PlayOptions extends RunOptions {
  /** --depth, --nodes, --samples, --rollout (a built-in id or a module path). */
  readonly settings?: Partial<Omit<PlayerSettings, 'options'>>;
  /** --player-option values for module players. */
  readonly playerOptions?: Readonly<Record<string, string>>;
}

/** A module player broke its contract in play: where, and how (the deals before it are lost to this call). */
export class PlayerFaultError extends Error {
  constructor(readonly fault: PlayerFault, readonly player: string) {
    super(`${fault.message}; ${fault.move === 0 ? 'before the first move' : `at move ${fault.move}`} of deal ${fault.deal}`);
    this.name = 'PlayerFaultError';
  }
}

interface Choice {
  readonly game: Game;
  readonly given: Readonly<Record<string, OptionValue>>;
  readonly options: Options;
  readonly text: string;
}

function choose(o: RunOptions): Choice {
  const game = findGame(o.game);
  const rules = o.rules ?? {};
  const given = Array.isArray(rules) ? parseRuleAssignments(game.id, game.options, rules as readonly string[]) : (rules as Record<string, OptionValue>);
  const options = resolveOptions(game.options, given);
  for (const name of Object.keys(given)) if (!game.options.some((s) => s.name === name)) throw new InputError(`unknown rule option '${name}' for ${game.id}`);
  return { game, given, options, text: formatOptions(game.options, options) };
}

function range(o: RunOptions, deals: number): { seed: string; first: number; count: number } {
  const count = o.deals ?? deals;
  const first = o.first ?? 0;
  checkDealRange(first, count);
  return { seed: o.seed ?? DEFAULTS.seed, first, count };
}

/** Players with their settings and checked creation, as the commands choose them. */
async function players(words: readonly string[], o: PlayOptions, choice: Choice, allowTwice = false): Promise<Array<{ chosen: ChosenPlayer; settings: PlayerSettings; task: PlayerSettings; modules: string[] }>> {
  const chosen = await choosePlayerWords(words, allowTwice);
  const base: PlayerSettings = { ...DEFAULT_SETTINGS, ...o.settings };
  const rollout = await chooseRollout(base.rollout!);
  return chosen.map((p) => {
    const settings = settingsFor(p, base, o.playerOptions ?? {}, rollout);
    const task = taskSettings(settings, rollout);
    try {
      p.spec.create(choice.game, task);
    } catch (err) {
      throw new InputError(`player ${p.spec.id}: create() threw on ${choice.game.id}: ${String(err)}`);
    }
    return { chosen: p, settings, task, modules: modulesOf(p, rollout) };
  });
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
  const cards = choice.game.create(choice.options).cardsInPlay;
  const rows: SimulateRecord[] = [];
  for (const p of await players(o.players ?? DEFAULTS.players, o, choice)) {
    const task = { game: choice.game.id, rules: choice.given, player: p.chosen.key, settings: p.task, modules: p.modules, seed, first, count, ...(o.workers ? { workers: o.workers } : {}) };
    const tally = checked(await runDeals(task, cards), p.chosen.spec.id);
    const code = codeOf(p.chosen);
    rows.push(simulateRecord(resultRow({ game: choice.game.id, options: choice.text, player: p.chosen.spec.id, playerSettings: settingsText(p.chosen, p.settings), ...(code ? { playerModule: code } : {}), seed, version, partial: false }, tally)));
  }
  return rows;
}

/** Play the same deals with two players; the row `patience compare` writes (a fixed number of deals). */
export async function compare(o: PlayOptions & { readonly players: readonly [string, string]; readonly optionsA?: Readonly<Record<string, string>>; readonly optionsB?: Readonly<Record<string, string>> }): Promise<CompareRecord> {
  const choice = choose(o);
  const { seed, first, count } = range(o, DEFAULTS.compareDeals);
  const cards = choice.game.create(choice.options).cardsInPlay;
  const [a] = await players([o.players[0]], { ...o, playerOptions: { ...o.playerOptions, ...o.optionsA } }, choice);
  const [b] = await players([o.players[1]], { ...o, playerOptions: { ...o.playerOptions, ...o.optionsB } }, choice);
  const same = a!.chosen.spec.id === b!.chosen.spec.id;
  const label = (p: typeof a) => (same ? `${p!.chosen.spec.id}[${settingsText(p!.chosen, p!.settings)}]` : p!.chosen.spec.id);
  const pool = openDealPool(o.workers);
  const records = [];
  try {
    for (const p of [a!, b!]) {
      const task = { game: choice.game.id, rules: choice.given, player: p.chosen.key, settings: p.task, modules: p.modules, seed, first, count, perDeal: true };
      records.push(recordOf(checked(await pool.run(task, cards), p.chosen.spec.id).chunks, first, count));
    }
  } finally {
    await pool.close();
  }
  const [ra, rb] = records as [ReturnType<typeof recordOf>, ReturnType<typeof recordOf>];
  const { pairedSummary } = await import('../stats/paired.js');
  const summary = pairedSummary(pairedCounts(ra, rb, () => true));
  return compareRecord(compareRow(
    {
      game: choice.game.id, a: label(a), b: label(b), optionsA: choice.text, optionsB: choice.text, playerA: a!.chosen.spec.id, playerB: b!.chosen.spec.id,
      settingsA: settingsText(a!.chosen, a!.settings), settingsB: settingsText(b!.chosen, b!.settings), moduleA: codeOf(a!.chosen), moduleB: codeOf(b!.chosen),
      seed, ranges: [[first, first + count - 1]], until: 'deals', partial: false, version,
    },
    summary,
  ));
}

/**
 * Search the deals with every card known; the row `patience solve` writes. `nodes` is a budget or an escalation
 * (smallest first), `subsample` the share of the deals still unknown before the sampled budgets searched at
 * them, `sampleFrom` the first sampled budget (the last unless given), and `memoryMib` each worker's table of
 * positions, as solve's --nodes, --subsample, --sample-from and --memory (the errors name those flags).
 */
export async function solve(o: RunOptions & { readonly nodes?: number | readonly number[]; readonly subsample?: number; readonly sampleFrom?: number; readonly memoryMib?: number }): Promise<SolveRecord> {
  const choice = choose(o);
  const { seed, first, count } = range(o, DEFAULTS.solveDeals);
  const workers = o.workers ?? defaultWorkers();
  const { budgets, subsample, sampledFrom, tableMib: memoryMib, tableBytes } = solverSettings({ ...o, nodes: typeof o.nodes === 'number' ? [o.nodes] : o.nodes }, workers);
  const request = { kind: 'solve' as const, game: choice.game.id, rules: choice.given, seed, first, count, budgets, subsample, sampledFrom, tableBytes, perDeal: false, solutions: false, workers };
  const outcome = await solveDeals(request);
  return solveRecord(solveRow({ game: choice.game.id, options: choice.text, seed, budgets, subsample, ...(o.sampleFrom !== undefined ? { sampledFrom: o.sampleFrom } : {}), tableMib: memoryMib, version, partial: false }, outcome.tally));
}
