// The deal commands: verify, replay and hint, which look at one deal or one winning line at a time (verify.ts,
// replay.ts, hint.ts do the work).

import { Option, type Command } from 'commander';
import { HINT_SAMPLES } from '../sim/hint.js';
import { DEFAULT_BUDGET } from '../sim/run-options.js';
import { DEAL, NODES, PLAYER, PLAYERS_SPELLING, SAMPLES, SEED } from './declarations.js';
import { optionFor } from './declaring.js';
import { addHintCommand } from './hint.js';
import { rulesHelp } from './list.js';
import {
  positionGameOption,
  depthOption,
  examples,
  forceOption,
  givenSettings,
  playerIds,
  rolloutOption,
  ruleOption,
} from './options.js';
import { nonNegativeInteger, positiveInteger } from './parse.js';
import { gameOfRun } from './position-file.js';
import { withPysol } from './pysol.js';
import { replay, type ReplayArgs } from './replay.js';
import { verify } from './verify.js';

/** Add verify, replay and hint to the program; actions set `exit.code`. */
export function addDealCommands(program: Command, exit: { code: number }, version: string): void {
  program
    .command('verify')
    .description(
      "replay every winning line of a solutions file (from solve --solutions), checking each move with the game's own legality test",
    )
    .argument('<file>', 'solutions file (one JSON object a line)')
    .addHelpText(
      'after',
      examples(
        'patience solve --game sultan --deals 10 --seed v --nodes 100000 --solutions sultan-v.jsonl',
        'patience verify sultan-v.jsonl',
      ),
    )
    .action((file: string) => {
      exit.code = verify(file);
    });

  program
    .command('replay')
    .description('play one deal move by move, with a picture of the layout at each pause')
    .addOption(positionGameOption())
    .addOption(optionFor(SEED, 'replay'))
    .addOption(optionFor(DEAL, 'replay'))
    .addOption(
      new Option(
        '--deck <cards>',
        'play this deck instead: 104 card codes such as "7H QS TD ...", first dealt first (--seed and --deal then key only the player\'s own generator, as in simulate)',
      ),
    )
    .addOption(optionFor(PLAYER, 'replay'))
    .addOption(optionFor(PLAYERS_SPELLING, 'replay'))
    .addOption(ruleOption())
    .addOption(depthOption())
    .addOption(optionFor(SAMPLES, 'replay'))
    .addOption(rolloutOption())
    .addOption(optionFor(NODES, 'replay'))
    .addOption(
      new Option('--pictures <when>', 'when to draw the layout').choices(['pause', 'every', 'end']).default('pause'),
    )
    .addOption(
      new Option(
        '--hint [samples]',
        `before each move with an alternative, every move's chance of winning (as \`patience hint\`; default ${HINT_SAMPLES} samples)`,
      )
        .argParser(positiveInteger)
        .preset(String(HINT_SAMPLES)),
    )
    .addOption(
      new Option('--print-deck', 'print only the deck string of the deal').conflicts([
        'pictures',
        'solution',
        'player',
        'players',
        'depth',
        'nodes',
        'samples',
        'rollout',
        'searchNodes',
        'searches',
        'foresight',
        'iterations',
        'hint',
      ]),
    )
    .addOption(
      new Option(
        '--solution',
        `play the solver's winning line instead of a player's (the solver knows every card; --nodes is its budget, default ${DEFAULT_BUDGET})`,
      ).conflicts([
        'player',
        'players',
        'depth',
        'samples',
        'rollout',
        'searchNodes',
        'searches',
        'foresight',
        'iterations',
      ]),
    )
    .addOption(
      new Option(
        '--position <file>',
        "start from the position in this file (written by --to, or by hand; see docs/commands.md) instead of a deal; '-' reads standard input",
      ).conflicts(['deck', 'deal', 'printDeck']),
    )
    .addOption(
      new Option(
        '--to <n>',
        'print only the position after move n (0: after the deal) in the position notation, to save, edit and start from',
      )
        .argParser(nonNegativeInteger)
        .conflicts(['pictures', 'printDeck']),
    )
    .addOption(
      new Option(
        '-o, --out <path>',
        "with --to: the file to write the position to ('-' for standard output, the default)",
      ),
    )
    .addOption(
      new Option(
        '--unseen',
        "with --to: write the cards a player cannot see as '?' (the position as it looks at the table)",
      ),
    )
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
        ) +
        rulesHelp(),
    )
    .action(
      async (
        given: ReplayArgs & { printDeck?: boolean; solution?: boolean; players?: string; pysol?: string },
        command: Command,
      ) => {
        const opts = withPysol(given, command, 'single');
        const [player] = playerIds(command, {
          player: [opts.player],
          ...(opts.players !== undefined ? { players: [opts.players] } : {}),
        });
        exit.code = await replay(
          {
            ...opts,
            game: gameOfRun(opts.game, opts.position),
            player: player!,
            printDeck: opts.printDeck === true,
            solution: opts.solution === true,
            given: givenSettings(command),
          },
          version,
        );
      },
    );

  addHintCommand(program, exit, version);
}
