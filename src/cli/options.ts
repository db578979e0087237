// The command-line options several commands share, each made afresh per command (a commander Option belongs to
// one command), and the examples section every command's help ends with.

import { InvalidArgumentError, Option, type Command } from 'commander';
import { InputError } from '../core/errors.js';
import { GAMES } from '../games/registry.js';
import { DEFAULT_SETTINGS } from '../players/player.js';
import { CARD_COUNT } from '../core/card.js';
import { foresightCards } from '../planners/foresight.js';
import { formatName } from './output.js';
import { collect, nonNegativeInteger, positiveInteger } from './parse.js';
import { shardText } from './shard.js';
import { pysolOption } from './pysol.js';
import { MEMORY } from './declarations.js';
import { optionFor } from './declaring.js';

/** An "Examples:" section for a command's help: real commands, each run by test/cli.test.ts (in this order). */
export function examples(...commands: string[]): string {
  return ['', 'Examples:', ...commands.map((c) => `  ${c}`)].join('\n');
}

const gameIds = GAMES.map((g) => g.id);

/** Add options to a command in this order, the order its help lists them. */
export function withOptions(command: Command, options: readonly Option[]): Command {
  for (const option of options) command.addOption(option);
  return command;
}

/** The options of the runs (simulate, solve, compare), declared once; a command words what is its own. */
export const run = {
  /** -o, --out: `what` the file is, `name` its default name before -s<seed>-n<deals>. */
  out: (what: string, name: string) =>
    new Option(
      '-o, --out <path>',
      `${what}, '-' for standard output (default: patience-runs/${name}-s<seed>-n<deals>.csv, numbered -2, -3, ... past the names in use)`,
    ),
  /** --per-deal: `rows` what one row is, and its columns. */
  perDeal: (rows: string) => new Option('--per-deal <path>', `also write one ${rows}`),
  /** -q, --quiet. */
  quiet: () => new Option('-q, --quiet', 'no progress output'),
};

/** --game, mandatory. */
export const gameOption = () => new Option('-g, --game <id>', `game id (${gameIds.join(', ')})`).makeOptionMandatory();
/** --game for a command that may start from a position file, whose `game:` line names it (position-file.ts gameOfRun).
 * */
export const positionGameOption = () =>
  new Option('-g, --game <id>', `game id (${gameIds.join(', ')}); with --position, the game its file names`);
/** --rule name=value, repeatable. */
export const ruleOption = () =>
  new Option('-r, --rule <name=value>', 'set a rule option (repeatable; see `patience list`)')
    .argParser(collect)
    .default([], 'none');
/** the lookahead's --depth. */
export const depthOption = () =>
  new Option('--depth <n>', 'lookahead depth in moves').argParser(positiveInteger).default(DEFAULT_SETTINGS.depth);
/** --format csv|json. */
export const formatOption = () =>
  new Option(
    '--format <format>',
    'format of the output files: csv or json (one object per row; options as an object, the histogram as an array)',
  )
    .argParser(formatName)
    .default('csv');
/** the hindsight player's --search-nodes. */
export const searchNodesOption = () =>
  new Option('--search-nodes <n>', 'hindsight: most positions of its search of one sample of the unseen cards')
    .argParser(positiveInteger)
    .default(DEFAULT_SETTINGS.searchNodes);
/** the hindsight player's --searches. */
export const searchesOption = () =>
  new Option(
    '--searches <k>',
    'hindsight: most samples searched per decision (those no play-out won); 0: none, as rollout',
  )
    .argParser(nonNegativeInteger)
    .default(DEFAULT_SETTINGS.searches);
/** the ISMCTS player's --iterations. */
export const iterationsOption = () =>
  new Option('--iterations <k>', 'ismcts: samples of the unseen cards a decision, one iteration of its tree each')
    .argParser(positiveInteger)
    .default(DEFAULT_SETTINGS.iterations);
/** The searching players' settings (hindsight, ismcts) and the foresight analysis's, on the commands that play. */
export const searchingOptions = () => [searchNodesOption(), searchesOption(), foresightOption(), iterationsOption()];
/** A --foresight value: a count of cards or 'all', as text. */
function foresightCount(text: string): string {
  let cards: number;
  try {
    cards = foresightCards(text);
  } catch {
    throw new InvalidArgumentError("It must be a whole number of cards or 'all'.");
  }
  return cards >= CARD_COUNT ? 'all' : String(cards); // one spelling a count, so that rows of one run match
}
/** the foresight player's --foresight. */
export const foresightOption = () =>
  new Option(
    '--foresight <k>',
    "foresight (an analysis, not honest): the stock's and hidden piles' next k cards told, or all",
  )
    .argParser(foresightCount)
    .default(DEFAULT_SETTINGS.foresight);
/** --force; `checkpoint`: the command keeps a checkpoint, which --force also discards. */
export const forceOption = (checkpoint = true) =>
  new Option(
    '--force',
    checkpoint
      ? 'replace output files that exist, and start over from an unfinished checkpoint (without it an existing file is refused before any work)'
      : 'replace output files that exist (without it an existing file is refused before any work)',
  );
/** --shard i/N. */
export const shardOption = () =>
  new Option(
    '--shard <i/N>',
    'play only the i-th (from 0) of N equal ranges of the --first/--deals deals; `patience merge` adds the shards up',
  ).argParser(shardText);
/** --resume. */
export const resumeOption = () =>
  new Option(
    '--resume',
    'continue the interrupted run of the same command line from its checkpoint (<out>.checkpoint; not with -o -)',
  );
/** the rollout's --rollout. */
export const rolloutOption = () =>
  new Option(
    '--rollout <id>',
    'rollout: the player each sample is played out with: greedy, learned, or a player module declaring positional: true',
  ).default(DEFAULT_SETTINGS.rollout);

/** solve's --from: an earlier run's per-deal file to go on from. */
export const fromOption = () =>
  new Option(
    '--from <per-deal>',
    "go on from an earlier run's per-deal CSV file (every deal of this run in it; with --from-summary): the deals it decided at a budget of --nodes keep their verdicts, the others are searched only at the budgets above the one it searched them at",
  );
/** solve's --again: the earlier run's undecided deals searched again at the first budget by this version. */
export const againOption = () =>
  new Option(
    '--again',
    "with --from: search again at the first budget every deal that run had not decided below the sampled budgets (left unknown, or decided only by its subsample), so that this version's rules reach them; a verdict reached there stands, otherwise the earlier one does",
  );
/** solve's --from-summary: the earlier run's summary, which says which game, rules and seed made the verdicts. */
export const fromSummaryOption = () =>
  new Option(
    '--from-summary <summary>',
    "with --from: that run's summary CSV, which must be of the same game, rule options and seed",
  );

/** The ids of --player, or of --players when it was given instead; InputError when both are given. */
export function playerIds(
  command: Command,
  opts: { readonly player: readonly string[]; readonly players?: readonly string[] },
): readonly string[] {
  if (opts.players === undefined) return opts.player;
  if (command.getOptionValueSource('player') === 'cli')
    throw new InputError('--player and --players are the same option: give it once');
  return opts.players;
}

/** The player settings and --delta as given on the command line, not left at their defaults. */
export function givenSettings(command: Command): string[] {
  return ['depth', 'nodes', 'samples', 'rollout', 'searchNodes', 'searches', 'foresight', 'iterations', 'delta'].filter(
    (name) => command.getOptionValueSource(name) === 'cli',
  );
}

/**
 * The options several commands share, added once the commands are declared: the player modules' options, the
 * solver's --memory for replay --solution (solve declares it among its own), the searching players' settings and
 * --pysol for replay (simulate declares them among its own), and the refusal of a repeated option on every command.
 */
export function addSharedOptions(program: Command): void {
  addPlayerModuleOptions(program);
  const replayOnly = () => [optionFor(MEMORY, 'replay'), ...searchingOptions(), pysolOption(false)];
  for (const command of program.commands)
    if (command.name() === 'replay') replayOnly().forEach((o) => command.addOption(o));
  for (const command of program.commands) refuseRepeats(command);
}

/** --player-option, --check-honesty and --debug, on the commands that play deals with players (simulate, compare,
 * replay). */
function addPlayerModuleOptions(program: Command): void {
  for (const command of program.commands) {
    const name = command.name();
    if (name !== 'simulate' && name !== 'compare' && name !== 'replay') continue;
    const sides = name === 'compare' ? '; a:key=value or b:key=value for one side only' : '';
    command.addOption(
      new Option(
        '--player-option <key=value>',
        `an option for the player modules, passed to create() as settings.options (repeatable${sides}; see docs/players.md)`,
      )
        .argParser(collect)
        .default([], 'none'),
    );
    if (name !== 'replay')
      command.addOption(
        new Option(
          '--check-honesty',
          'before the run, play each player on decks that differ only in unseen cards (the leak test) and refuse one whose moves differ',
        ),
      );
    command.addOption(new Option('--debug', 'when a player module throws, also print its stack trace'));
  }
}

/** The options that may be given more than once (each occurrence adds a value), by long name. */
const REPEATABLE = new Set(['--rule', '--print-deck', '--player-option']);

/**
 * Make `command` refuse an option that takes one value given twice (commander would keep the last silently:
 * `--player greedy --player naive` played naive alone): an InputError naming both values, before any work.
 * Flags without a value, variadic options and REPEATABLE ones may repeat.
 */
function refuseRepeats(command: Command): void {
  for (const option of command.options) {
    if ((!option.required && !option.optional) || option.variadic || REPEATABLE.has(option.long ?? '')) continue;
    let first: string | undefined;
    command.on(`option:${option.name()}`, (value: string) => {
      if (first !== undefined)
        throw new InputError(`option '${option.flags}' is given twice ('${first}', then '${value}'): give it once`);
      first = value;
    });
  }
}
