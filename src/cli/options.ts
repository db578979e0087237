// The command-line options several commands share, each made afresh per command (a commander Option belongs to
// one command), and the examples section every command's help ends with.

import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.js';
import { GAMES } from '../games/registry.js';
import { DEFAULT_SETTINGS } from '../players/player.js';
import { formatName } from './output.js';
import { collect, positiveInteger } from './parse.js';
import { shardText } from './shard.js';

/** An "Examples:" section for a command's help: real commands, each run by test/cli.test.ts (in this order). */
export function examples(...commands: string[]): string {
  return ['', 'Examples:', ...commands.map((c) => `  ${c}`)].join('\n');
}

const gameIds = GAMES.map((g) => g.id);

/** --game, mandatory. */
export const gameOption = () => new Option('-g, --game <id>', `game id (${gameIds.join(', ')})`).makeOptionMandatory();
/** --rule name=value, repeatable. */
export const ruleOption = () => new Option('-r, --rule <name=value>', 'set a rule option (repeatable; see `patience list`)').argParser(collect).default([]);
/** the lookahead's --depth. */
export const depthOption = () => new Option('--depth <n>', 'lookahead depth in moves').argParser(positiveInteger).default(DEFAULT_SETTINGS.depth);
/** --format csv|json. */
export const formatOption = () => new Option('--format <format>', 'format of the output files: csv or json (one object per row; options as an object, the histogram as an array)').argParser(formatName).default('csv');
/** the lookahead's --nodes. */
export const nodesOption = () => new Option('--nodes <n>', 'lookahead positions per decision').argParser(positiveInteger).default(DEFAULT_SETTINGS.nodes);
/** the rollout's --samples. */
export const samplesOption = () => new Option('--samples <k>', 'rollout: samples of the unseen cards per decision').argParser(positiveInteger).default(DEFAULT_SETTINGS.samples);
/** --force. */
export const forceOption = () => new Option('--force', 'replace output files that exist, and start over from an unfinished checkpoint (without it an existing file is refused before any work)');
/** --shard i/N. */
export const shardOption = () => new Option('--shard <i/N>', 'play only the i-th (from 0) of N equal ranges of the --first/--deals deals; `patience merge` adds the shards up').argParser(shardText);
/** --resume. */
export const resumeOption = () => new Option('--resume', 'continue the interrupted run of the same command line from its checkpoint (<out>.checkpoint; not with -o -)');
/** the rollout's --rollout. */
export const rolloutOption = () => new Option('--rollout <id>', 'rollout: the player each sample is played out with').choices(['greedy']).default(DEFAULT_SETTINGS.rollout);

/** The options that may be given more than once (each occurrence adds a value), by long name. */
const REPEATABLE = new Set(['--rule', '--print-deck']);

/**
 * Make `command` refuse an option that takes one value given twice (commander would keep the last silently:
 * `--player greedy --player naive` played naive alone): an InputError naming both values, before any work.
 * Flags without a value, variadic options and REPEATABLE ones may repeat.
 */
export function refuseRepeats(command: Command): void {
  for (const option of command.options) {
    if ((!option.required && !option.optional) || option.variadic || REPEATABLE.has(option.long ?? '')) continue;
    let first: string | undefined;
    command.on(`option:${option.name()}`, (value: string) => {
      if (first !== undefined) throw new InputError(`option '${option.flags}' is given twice ('${first}', then '${value}'): give it once`);
      first = value;
    });
  }
}
