// `patience train`: the learned player's weights by the cross-entropy method (sim/train.ts), written as a policy
// file for players/policies/, with the command that made it and its objective on held-out deals of the same seed.

import { Option, type Command } from 'commander';
import { formatOptions } from '../core/options.js';
import { DEFAULT_TRAINING, objectiveOf, train } from '../sim/train.js';
import { GREEDY_WEIGHTS, adopted } from '../players/learned.js';
import { checkWritable, writeAtomically } from './files.js';
import { examples, forceOption, gameOption, ruleOption, run } from './options.js';
import { DEALS, SEED } from './declarations.js';
import { optionFor } from './declaring.js';
import { positiveInteger, positiveNumber } from './parse.js';
import { chooseGame } from './setup.js';

interface TrainArgs {
  game: string;
  rule: string[];
  seed: string;
  deals: number;
  generations: number;
  population: number;
  elite: number;
  spread: number;
  out: string;
  force?: boolean;
  quiet?: boolean;
}

/** Add `train` to the program; its action sets `exit.code`. */
export function addTrainCommand(program: Command, exit: { code: number }, version: string): void {
  const d = DEFAULT_TRAINING;
  program
    .command('train')
    .description(
      "learn the learned player's weights for a game on deals of a training seed (cross-entropy method), starting from greedy's",
    )
    .addOption(gameOption())
    .addOption(ruleOption())
    .addOption(optionFor(SEED, 'train'))
    .addOption(optionFor(DEALS, 'train'))
    .addOption(new Option('--generations <n>', 'generations').argParser(positiveInteger).default(d.generations))
    .addOption(
      new Option('--population <n>', 'weight vectors a generation').argParser(positiveInteger).default(d.population),
    )
    .addOption(
      new Option('--elite <n>', 'the best of a generation the next is drawn around')
        .argParser(positiveInteger)
        .default(d.elite),
    )
    .addOption(
      new Option('--spread <x>', "the first generation's spread of each weight")
        .argParser(positiveNumber)
        .default(d.spread),
    )
    .addOption(
      new Option(
        '-o, --out <path>',
        'the policy file to write (JSON), such as src/players/policies/shah.json',
      ).makeOptionMandatory(),
    )
    .addOption(forceOption(false))
    .addOption(run.quiet())
    .addHelpText(
      'after',
      examples(
        'patience train --game shah -o shah.json',
        'patience train --game shah --rule edition=hoffmann -o shah-hoffmann.json',
      ),
    )
    .action((opts: TrainArgs) => {
      const choice = chooseGame(opts.game, opts.rule);
      checkWritable(opts.out, opts.force === true);
      const settings = { ...d, ...pick(opts) };
      const say = (s: string) => opts.quiet !== true && process.stderr.write(s + '\n');
      const trained = train(choice.game, choice.options, settings, (g) =>
        say(`generation ${g.generation}: best ${g.best.toFixed(4)}, elite ${g.eliteMean.toFixed(4)}`),
      );
      const held = (w: typeof GREEDY_WEIGHTS) =>
        objectiveOf(choice.game, choice.options, w, settings.seed, settings.deals, settings.deals);
      const heldOut = { greedy: held(GREEDY_WEIGHTS), learned: held(trained.weights) };
      const policy = {
        game: choice.game.id,
        rules: Object.fromEntries(Object.entries(choice.options).map(([k, v]) => [k, String(v)])),
        weights: trained.weights,
        made: {
          command: `patience ${process.argv.slice(2).join(' ')}`,
          version,
          options: formatOptions(choice.game.options, choice.options),
          ...settings,
          objective: { greedy: round(trained.greedy), learned: round(trained.objective) },
          heldOut: {
            deals: `${settings.deals}..${2 * settings.deals - 1}`,
            greedy: round(heldOut.greedy),
            learned: round(heldOut.learned),
          },
        },
      };
      writeAtomically(opts.out, JSON.stringify(policy, null, 2) + '\n');
      process.stdout.write(
        `${choice.game.title}: objective greedy ${policy.made.objective.greedy}, learned ${policy.made.objective.learned} on the training deals; held out ${policy.made.heldOut.greedy} and ${policy.made.heldOut.learned}: ${adopted(policy) ? 'adopted' : "not adopted (the learned player keeps greedy's weights)"}\n`,
      );
      exit.code = 0;
    });
}

/** The training settings given on the command line. */
function pick(o: TrainArgs) {
  const { seed, deals, generations, population, elite, spread } = o;
  return { seed, deals, generations, population, elite, spread };
}

/** Six decimals: the objective as the file keeps it. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;
