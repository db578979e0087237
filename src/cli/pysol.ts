// --pysol: PySolFC's game numbers in place of a seed's deals (sim/deals.ts names them as a seed): one number for
// replay and hint, a number or a range A..B for simulate, solve and compare, played under PySolFC's reading unless
// --rule (or compare's --rules) sets that option. Checked before any work.

import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.js';
import { findGame } from '../games/registry.js';
import { checkPysolGame, isPysolSeed, parsePysolDeals, type PysolDeals } from '../sim/deals.js';
import type { Game, GameState } from '../core/game.js';
import type { Move } from '../core/move.js';

/** --pysol; `range`: the command takes a range A..B. */
export const pysolOption = (range: boolean) =>
  new Option(
    '--pysol <number>',
    `PySolFC's game number${range ? ', or a range A..B of them,' : ''} as its screen shows it (123456, or ms123456), dealt as PySolFC deals it (in place of --seed${range ? ', --first and --deals' : ' and --deal'}) and played under PySolFC's reading (the game's reading=pysol) unless --rule${range ? " (compare's --rules)" : ''} sets the reading`,
  );

/** The options a --pysol run takes: the game and its --rule (and compare's --rules). */
interface PysolArgs {
  readonly game: string;
  readonly pysol?: string;
  readonly rule: readonly string[];
  readonly rules?: readonly string[];
}

/** What --pysol takes the place of. */
const REPLACED = {
  batch: ['seed', 'first', 'deals', 'position'],
  single: ['seed', 'deal', 'deck', 'position'],
} as const;

/**
 * The options with --pysol turned into the seed and deals it names; InputError when it is given with an option it
 * replaces, as a range to a command of one deal, or for a game PySolFC does not deal as ours (saying why).
 */
export function withPysol<T extends PysolArgs>(given: T, command: Command, kind: keyof typeof REPLACED): T {
  if (given.pysol === undefined) return given;
  const replaced = REPLACED[kind].find((name) => command.getOptionValueSource(name) === 'cli');
  if (replaced !== undefined) throw new InputError(`--pysol names the deals: leave out --${replaced}`);
  checkPysolGame(given.game);
  const deals: PysolDeals = parsePysolDeals(given.pysol);
  const opts = withReading(given);
  if (kind === 'batch') return { ...opts, seed: deals.seed, first: deals.first, deals: deals.deals };
  if (deals.deals !== 1) throw new InputError(`--pysol '${given.pysol}': ${command.name()} takes one game number`);
  return { ...opts, seed: deals.seed, deal: deals.first };
}

/** The options with the game's PySolFC reading (U10) added to --rule, unless --rule or --rules sets its option. */
function withReading<T extends PysolArgs>(opts: T): T {
  const reading = findGame(opts.game).pysol?.reading;
  if (reading === undefined) return opts;
  const name = reading.slice(0, reading.indexOf('='));
  const sets = new RegExp(`(^|[\\s,])${name}\\s*=`);
  if ([...opts.rule, ...(opts.rules ?? [])].some((r) => sets.test(r))) return opts;
  return { ...opts, rule: [...opts.rule, reading] };
}

/** The line that says a deal's moves are named in PySolFC's words: the game's own, naming its piles. */
export function pysolWordsNote(game: Game): string {
  return game.pysol?.wordsNote ?? "moves in PySolFC's words";
}

/** How a deal's moves are named: in PySolFC's words for its deal (`dealt`: not a deck or a position), else ours
 * (undefined). */
export function pysolWords(
  game: Game,
  seed: string,
  dealt: boolean,
): ((state: GameState, m: Move) => string) | undefined {
  return dealt && isPysolSeed(seed) ? game.pysol?.describeMove : undefined;
}
