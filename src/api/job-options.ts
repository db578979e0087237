// What the library's jobs take, read as the commands read it: the game and its rules, the deals and the threads,
// the players with their settings, and the commands' defaults (sim/run-options.ts). Bad input throws InputError
// before any deal.

import {
  DEFAULT_BUDGET,
  DEFAULT_DEALS,
  DEFAULT_FIRST,
  DEFAULT_MEMORY_MIB,
  DEFAULT_PLAYER,
  DEFAULT_SEED,
  checkDealRange,
} from '../sim/run-options.js';
import { InputError } from '../core/errors.js';
import {
  formatOptions,
  parseRuleAssignments,
  resolveOptions,
  type OptionValue,
  type Options,
} from '../core/options.js';
import type { Game } from '../core/game.js';
import { findGame } from '../games/registry.js';
import { DEFAULT_SETTINGS, type PlayerSettings } from '../players/player.js';
import {
  choosePlayerWords,
  chooseRollout,
  modulesOf,
  settingsFor,
  taskSettings,
  type ChosenPlayer,
} from '../sim/modules.js';

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

/** What every job takes: the game and its rules, the deals, the threads. */
export interface RunOptions {
  /** Game id (GAMES). */
  readonly game: string;
  /** Rule options, as name to value or as the command line's "name=value" words. */
  readonly rules?: Readonly<Record<string, OptionValue>> | readonly string[];
  readonly seed?: string;
  /** Index of the first deal (default DEFAULT_FIRST, 0). */
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

/** The game of a job, with its rules as given, resolved, and as the rows print them. */
export interface Choice {
  readonly game: Game;
  readonly given: Readonly<Record<string, OptionValue>>;
  readonly options: Options;
  readonly text: string;
}

/** The game and rules a job names; throws InputError for an unknown game or rule option. */
export function choose(o: RunOptions): Choice {
  const game = findGame(o.game);
  const rules = o.rules ?? {};
  const given = Array.isArray(rules)
    ? parseRuleAssignments(game.id, game.options, rules as readonly string[])
    : (rules as Record<string, OptionValue>);
  const options = resolveOptions(game.options, given);
  for (const name of Object.keys(given))
    if (!game.options.some((s) => s.name === name))
      throw new InputError(`unknown rule option '${name}' for ${game.id}`);
  return { game, given, options, text: formatOptions(game.options, options) };
}

/** The deals a job plays (seed, first deal, count), checked; `deals` is the job's default count. */
export function range(o: RunOptions, deals: number): { seed: string; first: number; count: number } {
  const count = o.deals ?? deals;
  const first = o.first ?? DEFAULT_FIRST;
  checkDealRange(first, count);
  return { seed: o.seed ?? DEFAULTS.seed, first, count };
}

/** Players with their settings and checked creation, as the commands choose them. */
export async function players(
  words: readonly string[],
  o: PlayOptions,
  choice: Choice,
  allowTwice = false,
): Promise<Array<{ chosen: ChosenPlayer; settings: PlayerSettings; task: PlayerSettings; modules: string[] }>> {
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
