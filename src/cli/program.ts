// The command-line program: commands, options and help. Bad input of any kind ends in one line on stderr and
// exit code 2 (see main.ts).

import { Argument, Command, Option } from 'commander';
import { GAMES } from '../games/registry.js';
import { addHelpCommand, programHelp } from './help.js';
import { listText, rulesHelp } from './list.js';
import { gameOfRun } from './position-file.js';
import { positionGameOption, addSharedOptions, depthOption, examples, forceOption, formatOption, gameOption, givenSettings, playerIds, playerList, playersAlias, resumeOption, rolloutOption, ruleOption, run, searchingOptions, shardOption, fromOption, fromSummaryOption, againOption, withOptions } from './options.js';
import { DEALS, MEMORY, NODES, SAMPLES, SAMPLE_FROM, SEED, SUBSAMPLE, optionFor, optionsFor } from './declarations.js';
import { nonNegativeInteger, positiveInteger, probabilityGap } from './parse.js';
import { SPRT_DEFAULTS } from '../stats/sprt.js';
import { replay, type ReplayArgs } from './replay.js';
import { chooseGame } from './setup.js';
import { compare, type CompareArgs } from './compare.js';
import { columnsText, TABLE_KINDS } from './columns.js';
import { report, type ReportArgs } from './report.js';
import { simulate, type SimulateArgs } from './simulate.js';
import { solve, type SolveArgs } from './solve.js';
import { DEFAULT_BUDGET, DEFAULT_PLAYER } from '../sim/run-options.js';
import { solvePosition } from './solve-position.js';
import { InputError } from '../core/errors.js';
import { verify } from './verify.js';
import { addHintCommand } from './hint.js';
import { HINT_SAMPLES } from '../sim/hint.js';
import { merge } from './merge.js';
import { narrowToShard, type Shard } from './shard.js';
import { pysolOption, withPysol } from './pysol.js';

/** The prefix of every error line, commander's own ("error: ...") and ours alike. */
export const ERROR_PREFIX = 'patience: ';

/** Build the program; actions set `exit.code`. */
export function buildProgram(version: string, exit: { code: number }): Command {
  const program = new Command('patience')
    .description('Monte Carlo win rates of two-pack patience games from Cadogan and Hoffmann')
    .version(version)
    .exitOverride()
    .configureOutput({
      writeErr: (s) => process.stderr.write(s),
      writeOut: (s) => process.stdout.write(s),
      // commander's own errors say "error: ..."; ours (main.ts) say "patience: ...": one prefix for both
      outputError: (s, write) => write(s.replace(/^error: /, ERROR_PREFIX)),
    })
    .addHelpText('after', programHelp(ERROR_PREFIX));
  const simulateCommand = program
    .command('simulate')
    .description('play many reproducible deals on all cores; print a summary and write a CSV of win rates');
  withOptions(simulateCommand, [
    gameOption(), optionFor(DEALS, 'simulate'), run.player('players, comma-separated', ': docs/players.md'), playersAlias(), optionFor(SEED, 'simulate'), run.first(),
    ruleOption(), run.workers(), depthOption(), ...optionsFor('simulate', NODES, SAMPLES), rolloutOption(), ...searchingOptions(),
    run.out('CSV file to write', '<game>-<players>'), run.perDeal('row per deal and player: deal, player, won, cards, moves, stalled'),
    forceOption(), formatOption(),
    new Option('--print-deck <i>', 'also print the deck string of deal i (repeatable)').argParser((v, prev: number[] | undefined) => [...(prev ?? []), nonNegativeInteger(v)]).default([], 'none'),
    run.quiet(), shardOption(), resumeOption(), pysolOption(true),
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
    .action(async (opts: SimulateArgs & { quiet?: boolean; shard?: Shard; players?: string[]; pysol?: string }, command: Command) => {
      const player = playerIds(command, opts);
      exit.code = await simulate(narrowToShard({ ...withPysol(opts, command, 'batch'), player, quiet: opts.quiet === true, given: givenSettings(command) }), version);
    });

  const solveCommand = program
    .command('solve')
    .description('search many reproducible deals with every card known (stock order, face-down cards): how many can be won at all, an upper bound on any player');
  withOptions(solveCommand, [
    positionGameOption(), ...optionsFor('solve', DEALS, SEED), run.first(), ruleOption(), ...optionsFor('solve', NODES, SUBSAMPLE, SAMPLE_FROM), fromOption(), fromSummaryOption(), againOption(),
    optionFor(MEMORY, 'solve'), run.workers(), run.out('summary CSV to write', '<game>-solve'), run.perDeal('CSV row per deal: deal, outcome, nodes, ms, moves, budget'),
    new Option('--solutions <path>', 'also write every winning line, one JSON object a line, for `patience verify`'),
    forceOption(), formatOption(), run.quiet(), shardOption(), resumeOption(),
    new Option('--position <file>', "solve this one position instead of deals (from `patience replay --to`, or by hand; '-' reads standard input): the verdict and the winning line, checked"),
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
    .action(async (given: SolveArgs & { quiet?: boolean; shard?: Shard; position?: string; samples?: number; pysol?: string }, command: Command) => {
      const opts = withPysol({ ...given, game: gameOfRun(given.game, given.position) }, command, 'batch');
      if (opts.position !== undefined) {
        const batch = ['deals', 'first', 'workers', 'subsample', 'sampleFrom', 'from', 'fromSummary', 'again', 'out', 'perDeal', 'solutions', 'format', 'shard', 'resume', 'force', 'quiet'];
        const given = batch.find((name) => command.getOptionValueSource(name) === 'cli');
        if (given !== undefined) throw new InputError(`--${given.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} is for solving deals; with --position one position is solved and nothing is written`);
        exit.code = solvePosition({ game: opts.game, rule: opts.rule, position: opts.position, nodes: opts.nodes, memory: opts.memory, seed: opts.seed, ...(opts.samples !== undefined ? { samples: opts.samples } : {}) });
        return;
      }
      if (opts.samples !== undefined) throw new InputError('--samples goes with --position (the samples of its unseen cards)');
      exit.code = await solve(narrowToShard({ ...opts, quiet: opts.quiet === true }), version);
    });

  const compareCommand = program
    .command('compare')
    .description('play two players, or two rule readings with one player, on the same deals; print the paired statistics (2x2 table, Wilson intervals, paired difference, exact McNemar test) and write them as one row');
  withOptions(compareCommand, [
    gameOption(), run.player('two players, comma-separated, or one with --rules'), playersAlias(),
    new Option('--rules <readings...>', 'two rule readings to compare with one player, each "name=value" (several joined by spaces or commas)'),
    ruleOption(), ...optionsFor('compare', DEALS, SEED), run.first(), run.workers(), depthOption(), optionFor(NODES, 'compare'),
    new Option('--until <when>', 'decided: stop as soon as the sequential test decides (at most --deals deals)').choices(['decided']),
    new Option('--delta <d>', 'the sequential test\'s H1: a discordant deal is A\'s with probability 1/2 + delta').argParser(probabilityGap).default(SPRT_DEFAULTS.delta),
    run.out('file for the comparison row', '<game>-compare-<A>-vs-<B>'),
    run.perDeal('row per deal: deal, won_a, won_b, cards_a, cards_b, moves_a, moves_b, stalled_a, stalled_b'),
    forceOption(), formatOption(), run.quiet(), resumeOption(), pysolOption(true),
  ])
    .addHelpText(
      'after',
      [
        '',
        'A and B play the same deals, so deal difficulty cancels: only the discordant deals (won by exactly one side)',
        'carry the comparison. The difference A - B has Newcombe\'s 95% interval for paired proportions (method 10);',
        'the p-value is the exact McNemar test (two-sided binomial test of only-A vs only-B deals, p = 1/2).',
        '',
        '--until decided runs Wald\'s sequential probability ratio test on the discordant deals (H0: each is A\'s with',
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
    .action(async (opts: Omit<CompareArgs, 'players'> & { quiet?: boolean; player: string[]; players?: string[]; pysol?: string }, command: Command) => {
      const players = playerIds(command, opts);
      exit.code = await compare({ ...withPysol(opts, command, 'batch'), players, quiet: opts.quiet === true, given: givenSettings(command) }, version);
    });

  program
    .command('report')
    .description('make one self-contained HTML report (charts and tables, no network needed to view it) from results files')
    .addArgument(new Argument('[paths...]', 'results CSV files or folders (searched recursively for .csv files)').default(['results'], 'results'))
    .addOption(new Option('-o, --out <path>', "HTML file to write, '-' for standard output").default('report.html'))
    .addOption(new Option('--charts <dir>', 'also write each chart as an SVG file in this folder'))
    .addOption(forceOption(false))
    .addHelpText(
      'after',
      [
        '',
        'Files are recognised by their header: simulate summaries (win rates, histograms), solve summaries (the',
        'solvability interval, columns bound/solved) and compare rows (columns only_a/only_b); other CSV files in a',
        'folder (per-deal files) are skipped with a note on stderr.',
        'An existing page or chart is replaced only with --force. The repository\'s own report is made again, as its',
        'results change, by `patience report results --out results/report.html --charts results/charts --force`.',
        examples(
          'patience report patience-runs --out runs.html --charts charts',
          'patience report patience-runs/shah-naive+greedy-s2026-n1000.csv carpet.csv -o shah-and-carpet.html',
        ),
      ].join('\n'),
    )
    .action(async (paths: string[], opts: Omit<ReportArgs, 'paths'>) => {
      exit.code = await report({ ...opts, paths });
    });

  program
    .command('columns')
    .description('describe the columns of the files that simulate, solve and compare write')
    .argument('[kind]', `one of ${TABLE_KINDS.join(', ')} (default: all)`)
    .addHelpText('after', examples('patience columns', 'patience columns simulate-deals'))
    .action((kind?: string) => {
      process.stdout.write(columnsText(kind) + '\n');
    });

  program
    .command('merge')
    .description('put together the shards of one run (summaries of simulate or solve, or per-deal files), each over its own deals')
    .argument('<files...>', 'the shards: files of one kind, from runs that differ only in their deals')
    .requiredOption('-o, --out <path>', "the merged file to write, '-' for standard output")
    .addOption(forceOption(false))
    .addHelpText(
      'after',
      [
        '',
        'Counts and histograms are added and the intervals worked out again; files of different runs (game, options,',
        'players and their settings, seed, budget, version) or whose deals overlap are refused, and gaps between the',
        'deal ranges are reported. Shards are easiest made with --shard i/N (simulate, solve).',
        examples(
          'patience solve --game sultan --first 0 --deals 10 --seed 2026 --nodes 100000 -o a.csv',
          'patience solve --game sultan --first 10 --deals 10 --seed 2026 --nodes 100000 -o b.csv',
          'patience merge a.csv b.csv -o sultan-0-19.csv',
          'patience simulate --game shah --deals 1000 --seed 2026 --shard 0/2 -o s0.csv',
          'patience simulate --game shah --deals 1000 --seed 2026 --shard 1/2 -o s1.csv',
          'patience merge s0.csv s1.csv -o shah-greedy.csv',
        ),
      ].join('\n'),
    )
    .action((files: string[], opts: { out: string; force?: boolean }) => {
      exit.code = merge(files, opts.out, opts.force === true);
    });

  program
    .command('verify')
    .description('replay every winning line of a solutions file (from solve --solutions), checking each move with the game\'s own legality test')
    .argument('<file>', 'solutions file (one JSON object a line)')
    .addHelpText(
      'after',
      examples('patience solve --game sultan --deals 10 --seed v --nodes 100000 --solutions sultan-v.jsonl', 'patience verify sultan-v.jsonl'),
    )
    .action((file: string) => {
      exit.code = verify(file);
    });

  program
    .command('replay')
    .description('play one deal move by move, with a picture of the layout at each pause')
    .addOption(positionGameOption())
    .addOption(optionFor(SEED, 'replay'))
    .addOption(new Option('-d, --deal <i>', 'deal index within the seed').argParser(nonNegativeInteger).default(0))
    .addOption(new Option('--deck <cards>', 'play this deck instead: 104 card codes such as "7H QS TD ...", first dealt first (--seed and --deal then key only the player\'s own generator, as in simulate)'))
    .addOption(new Option('-p, --player <id>', `player (${playerList}, or a player module's path); --players is the same`).default(DEFAULT_PLAYER))
    .addOption(new Option('--players <id>', 'the same as --player').hideHelp())
    .addOption(ruleOption())
    .addOption(depthOption())
    .addOption(optionFor(SAMPLES, 'replay'))
    .addOption(rolloutOption())
    .addOption(optionFor(NODES, 'replay'))
    .addOption(new Option('--pictures <when>', 'when to draw the layout').choices(['pause', 'every', 'end']).default('pause'))
    .addOption(new Option('--hint [samples]', `before each move with an alternative, every move's chance of winning (as \`patience hint\`; default ${HINT_SAMPLES} samples)`).argParser(positiveInteger).preset(String(HINT_SAMPLES)))
    .addOption(new Option('--print-deck', 'print only the deck string of the deal').conflicts(['pictures', 'solution', 'player', 'players', 'depth', 'nodes', 'samples', 'rollout', 'searchNodes', 'searches', 'foresight', 'iterations', 'hint']))
    .addOption(
      new Option('--solution', `play the solver's winning line instead of a player's (the solver knows every card; --nodes is its budget, default ${DEFAULT_BUDGET})`).conflicts(['player', 'players', 'depth', 'samples', 'rollout', 'searchNodes', 'searches', 'foresight', 'iterations']),
    )
    .addOption(new Option('--position <file>', "start from the position in this file (written by --to, or by hand; see docs/commands.md) instead of a deal; '-' reads standard input").conflicts(['deck', 'deal', 'printDeck']))
    .addOption(new Option('--to <n>', 'print only the position after move n (0: after the deal) in the position notation, to save, edit and start from').argParser(nonNegativeInteger).conflicts(['pictures', 'printDeck']))
    .addOption(new Option('-o, --out <path>', "with --to: the file to write the position to ('-' for standard output, the default)"))
    .addOption(new Option('--unseen', "with --to: write the cards a player cannot see as '?' (the position as it looks at the table)"))
    .addOption(forceOption(false))
    .addHelpText(
      'after',
      [
        '',
        'A position file has one line per pile, its cards bottom first (the top card last), unseen cards of a hidden',
        "pile as '?x41'; one line per variable ('phase = 2'); and the game and its rule options ('game: shah',",
        "'rules: ...'). Replay and the solver need every card; `patience solve --position F --samples K` deals the unseen.",
      ].join('\n') +
      examples(
        'patience replay --game shah --seed 2026 --deal 422 --player greedy',
        'patience replay --game shah --seed 2026 --deal 422 --print-deck',
        'patience replay --game carpet --seed 7 --deal 41 --player lookahead --depth 1 --nodes 50 --rule talonDirection=fixed --pictures end',
        'patience replay --game sultan --seed 2026 --deal 3 --solution --pictures end',
        'patience replay --game shah --position shah-422-40.pos --pictures end',
      ) + rulesHelp(),
    )
    .action(async (given: ReplayArgs & { printDeck?: boolean; solution?: boolean; players?: string; pysol?: string }, command: Command) => {
      const opts = withPysol(given, command, 'single');
      const [player] = playerIds(command, { player: [opts.player], ...(opts.players !== undefined ? { players: [opts.players] } : {}) });
      exit.code = await replay({ ...opts, game: gameOfRun(opts.game, opts.position), player: player!, printDeck: opts.printDeck === true, solution: opts.solution === true, given: givenSettings(command) }, version);
    });

  addHintCommand(program, exit, version);

  program
    .command('list')
    .description('list the games with their rule options and defaults, and the players')
    .addHelpText('after', examples('patience list'))
    .action(() => {
      process.stdout.write(listText() + '\n');
    });

  program
    .command('rules')
    .description("print a game's rules card with its rulings")
    .argument('<game>', `game id (${GAMES.map((g) => g.id).join(', ')})`)
    .addHelpText('after', examples('patience rules shah', 'patience rules carpet'))
    .action((id: string) => {
      process.stdout.write(chooseGame(id, []).game.rulesCard + '\n');
    });

  addHelpCommand(program);
  addSharedOptions(program);
  return program;
}
