// --pysol: PySolFC's game numbers in place of a seed's deals (sim/deals.ts names them as a seed): one number for
// replay and hint, a number or a range A..B for simulate, solve and compare. Checked before any work.

import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.js';
import { checkPysolGame, parsePysolDeals, type PysolDeals } from '../sim/deals.js';

/** --pysol; `range`: the command takes a range A..B. */
export const pysolOption = (range: boolean) =>
  new Option(
    '--pysol <number>',
    `PySolFC's game number${range ? ', or a range A..B of them,' : ''} as its screen shows it (123456, or ms123456), dealt as PySolFC deals it (in place of --seed${range ? ', --first and --deals' : ' and --deal'})`,
  );

/** What --pysol takes the place of. */
const REPLACED = { batch: ['seed', 'first', 'deals', 'position'], single: ['seed', 'deal', 'deck', 'position'] } as const;

/**
 * The options with --pysol turned into the seed and deals it names; InputError when it is given with an option it
 * replaces, as a range to a command of one deal, or for a game PySolFC does not deal as ours (saying why).
 */
export function withPysol<T extends { readonly game: string; readonly pysol?: string }>(opts: T, command: Command, kind: keyof typeof REPLACED): T {
  if (opts.pysol === undefined) return opts;
  const given = REPLACED[kind].find((name) => command.getOptionValueSource(name) === 'cli');
  if (given !== undefined) throw new InputError(`--pysol names the deals: leave out --${given}`);
  checkPysolGame(opts.game);
  const deals: PysolDeals = parsePysolDeals(opts.pysol);
  if (kind === 'batch') return { ...opts, seed: deals.seed, first: deals.first, deals: deals.deals };
  if (deals.deals !== 1) throw new InputError(`--pysol '${opts.pysol}': ${command.name()} takes one game number`);
  return { ...opts, seed: deals.seed, deal: deals.first };
}
