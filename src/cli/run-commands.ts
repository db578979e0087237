// The run commands: simulate, solve and compare, which play or search many reproducible deals and write what
// they find (simulate.ts, solve.ts, compare.ts do the work).

import { Option, type Command } from 'commander';
import { InputError } from '../core/errors.js';
import { SPRT_DEFAULTS } from '../stats/sprt.js';
import { compare, type CompareArgs } from './compare.js';
import {
  DEALS,
  FIRST,
  MEMORY,
  NODES,
  PLAYER,
  PLAYERS_SPELLING,
  SAMPLES,
  SAMPLE_FROM,
  SEED,
  SUBSAMPLE,
  WORKERS,
} from './declarations.js';
import { optionFor, optionsFor } from './declaring.js';
import { rulesHelp } from './list.js';
import {
  positionGameOption,
  depthOption,
  examples,
  forceOption,
  formatOption,
  gameOption,
  givenSettings,
  playerIds,
  resumeOption,
  rolloutOption,
  ruleOption,
  run,
  searchingOptions,
  shardOption,
  fromOption,
  fromSummaryOption,
  againOption,
  withOptions,
} from './options.js';
import { nonNegativeInteger, probabilityGap } from './parse.js';
import { gameOfRun } from './position-file.js';
import { pysolOption, withPysol } from './pysol.js';
import { narrowToShard, type Shard } from './shard.js';
import { simulate, type SimulateArgs } from './simulate.js';
import { solvePosition } from './solve-position.js';
import { solve, type SolveArgs } from './solve.js';

/** Add simulate, solve and compare to the program; actions set `exit.code`. */
export function addRunCommands(program: Command, exit: { code: number }, version: string): void {
  const simulateCommand = program
    .command('simulate')
    .description('play many reproducible deals on all cores; print a summary and write a CSV of win rates');
  withOptions(simulateCommand, [
    gameOption(),
    optionFor(DEALS, 'simulate'),
    ...optionsFor('simulate', PLAYER, PLAYERS_SPELLING),
    ...optionsFor('simulate', SEED, FIRST),
    ruleOption(),
    optionFor(WORKERS, 'simulate'),
    depthOption(),
    ...optionsFor('simulate', NODES, SAMPLES),
    rolloutOption(),
    ...searchingOptions(),
    run.out('CSV file to write', '<game>-<players>'),
    run.perDeal('row per deal and player: deal, player, won, cards, moves, stalled'),
    forceOption(),
    formatOption(),
    new Option('--print-deck <i>', 'also print the deck string of deal i (repeatable)')
      .argParser((v, prev: number[] | undefined) => [...(prev ?? []), nonNegativeInteger(v)])
      .default([], 'none'),
    run.quiet(),
    shardOption(),
    resumeOption(),
    pysolOption(true),
  ])
    .addHelpText(
      'after',
      [
        '',
        'The output columns are listed by `patience columns simulate` (per-deal files: `patience columns simulate-deals`).',
        examples(
          'patience simulate --game shah --deals 1000 --player naive,greedy --seed 2026',
          'patience simulate --game carpet --deals 200 --player lookahead --depth 3 --nodes 500 --rule talonDirection=fixed -o carpet.csv',
          'patience simulate --game sultan --deals 500 --per-deal sultan-deals.csv --format json -o -',
        ),
      ].join('\n') + rulesHelp(),
    )
    .action(
      async (
        opts: SimulateArgs & { quiet?: boolean; shard?: Shard; players?: string[]; pysol?: string },
        command: Command,
      ) => {
        const player = playerIds(command, opts);
        exit.code = await simulate(
          narrowToShard({
            ...withPysol(opts, command, 'batch'),
            player,
            quiet: opts.quiet === true,
            given: givenSettings(command),
          }),
          version,
        );
      },
    );

  const solveCommand = program
    .command('solve')
    .description(
      'search many reproducible deals with every card known (stock order, face-down cards): how many can be won at all, an upper bound on any player',
    );
  withOptions(solveCommand, [
    positionGameOption(),
    ...optionsFor('solve', DEALS, SEED, FIRST),
    ruleOption(),
    ...optionsFor('solve', NODES, SUBSAMPLE, SAMPLE_FROM),
    fromOption(),
    fromSummaryOption(),
    againOption(),
    ...optionsFor('solve', MEMORY, WORKERS),
    run.out('summary CSV to write', '<game>-solve'),
    run.perDeal('CSV row per deal: deal, outcome, nodes, ms, moves, budget'),
    new Option('--solutions <path>', 'also write every winning line, one JSON object a line, for `patience verify`'),
    forceOption(),
    formatOption(),
    run.quiet(),
    shardOption(),
    resumeOption(),
    new Option(
      '--position <file>',
      "solve this one position instead of deals (from `patience replay --to`, or by hand; '-' reads standard input): the verdict and the winning line, checked",
    ),
    optionFor(SAMPLES, 'solve'),
    pysolOption(true),
  ])
    .addHelpText(
      'after',
      [
        '',
        'Outcomes: solved (a winning line was found and checked), unsolvable (every reachable position searched),',
        'unknown (the budget ran out). The interval counts unknown deals as lost at its low end and won at its high end.',
        'The output columns are listed by `patience columns solve` (per-deal files: `patience columns solve-deals`).',
        'With --position, one position is solved: with every card given, its verdict and winning line; with unseen',
        "cards ('?'), refused unless --samples k, which solves k samples of them: an upper bound on the chance of winning.",
        examples(
          'patience solve --game sultan --deals 20 --seed 2026 --nodes 100000 --per-deal sultan-solve-deals.csv --solutions sultan-wins.jsonl',
          'patience verify sultan-wins.jsonl',
          'patience replay --game sultan --seed 2026 --deal 0 --solution --nodes 100000',
          'patience replay --game shah --seed 2026 --deal 422 --to 40 -o shah-422-40.pos',
          'patience solve --game shah --position shah-422-40.pos --nodes 100000',
        ),
      ].join('\n') + rulesHelp(),
    )
    .action(
      async (
        given: SolveArgs & { quiet?: boolean; shard?: Shard; position?: string; samples?: number; pysol?: string },
        command: Command,
      ) => {
        const opts = withPysol({ ...given, game: gameOfRun(given.game, given.position) }, command, 'batch');
        if (opts.position !== undefined) {
          const batch = [
            'deals',
            'first',
            'workers',
            'subsample',
            'sampleFrom',
            'from',
            'fromSummary',
            'again',
            'out',
            'perDeal',
            'solutions',
            'format',
            'shard',
            'resume',
            'force',
            'quiet',
          ];
          const given = batch.find((name) => command.getOptionValueSource(name) === 'cli');
          if (given !== undefined)
            throw new InputError(
              `--${given.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} is for solving deals; with --position one position is solved and nothing is written`,
            );
          exit.code = solvePosition({
            game: opts.game,
            rule: opts.rule,
            position: opts.position,
            nodes: opts.nodes,
            memory: opts.memory,
            seed: opts.seed,
            ...(opts.samples !== undefined ? { samples: opts.samples } : {}),
          });
          return;
        }
        if (opts.samples !== undefined)
          throw new InputError('--samples goes with --position (the samples of its unseen cards)');
        exit.code = await solve(narrowToShard({ ...opts, quiet: opts.quiet === true }), version);
      },
    );

  const compareCommand = program
    .command('compare')
    .description(
      'play two players, or two rule readings with one player, on the same deals; print the paired statistics (2x2 table, Wilson intervals, paired difference, exact McNemar test) and write them as one row',
    );
  withOptions(compareCommand, [
    gameOption(),
    ...optionsFor('compare', PLAYER, PLAYERS_SPELLING),
    new Option(
      '--rules <readings...>',
      'two rule readings to compare with one player, each "name=value" (several joined by spaces or commas)',
    ),
    ruleOption(),
    ...optionsFor('compare', DEALS, SEED, FIRST, WORKERS),
    depthOption(),
    optionFor(NODES, 'compare'),
    new Option(
      '--until <when>',
      'decided: stop as soon as the sequential test decides (at most --deals deals)',
    ).choices(['decided']),
    new Option('--delta <d>', "the sequential test's H1: a discordant deal is A's with probability 1/2 + delta")
      .argParser(probabilityGap)
      .default(SPRT_DEFAULTS.delta),
    run.out('file for the comparison row', '<game>-compare-<A>-vs-<B>'),
    run.perDeal('row per deal: deal, won_a, won_b, cards_a, cards_b, moves_a, moves_b, stalled_a, stalled_b'),
    forceOption(),
    formatOption(),
    run.quiet(),
    resumeOption(),
    pysolOption(true),
  ])
    .addHelpText(
      'after',
      [
        '',
        'A and B play the same deals, so deal difficulty cancels: only the discordant deals (won by exactly one side)',
        "carry the comparison. The difference A - B has Newcombe's 95% interval for paired proportions (method 10);",
        'the p-value is the exact McNemar test (two-sided binomial test of only-A vs only-B deals, p = 1/2).',
        '',
        "--until decided runs Wald's sequential probability ratio test on the discordant deals (H0: each is A's with",
        'probability 1/2; H1: with 1/2 + delta; alpha = beta = 0.05), walking each batch in deal order and stopping at',
        'the deal where it decides, or at --deals. Stopping early is valid only through this test: its verdict has the',
        'stated error rates, but the interval and McNemar p-value printed for a run stopped early are not corrected',
        'for the stopping, and watching them to choose when to stop would make them wrong. The test asks whether A beats',
        'B: name first the side you expect to be better. The output columns are listed by `patience columns compare`.',
        examples(
          'patience compare --game shah --player greedy,lookahead --deals 2000 --seed 2026',
          'patience compare --game carpet --player greedy --rules carpetFree=adjacent carpetFree=clearLane --deals 1000',
          'patience compare --game sultan --player greedy,random --until decided --deals 20000 --format json -o sultan.json',
        ),
      ].join('\n') + rulesHelp(),
    )
    .action(
      async (
        opts: Omit<CompareArgs, 'players'> & { quiet?: boolean; player: string[]; players?: string[]; pysol?: string },
        command: Command,
      ) => {
        const players = playerIds(command, opts);
        exit.code = await compare(
          { ...withPysol(opts, command, 'batch'), players, quiet: opts.quiet === true, given: givenSettings(command) },
          version,
        );
      },
    );
}
