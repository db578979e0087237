// The command-line program: commands, options and help, the commands in the order of its help (run-commands.ts,
// results-commands.ts, deal-commands.ts). Bad input of any kind ends in one line on stderr and exit code 2 (see
// main.ts).

import { Command } from 'commander';
import { GAMES } from '../games/registry.js';
import { addDealCommands } from './deal-commands.js';
import { addHelpCommand, programHelp } from './help.js';
import { listText } from './list.js';
import { addSharedOptions, examples } from './options.js';
import { addResultsCommands } from './results-commands.js';
import { addRunCommands } from './run-commands.js';
import { chooseGame } from './setup.js';
import { addTrainCommand } from './train.js';

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
  addRunCommands(program, exit, version);
  addResultsCommands(program, exit);
  addDealCommands(program, exit, version);
  addTrainCommand(program, exit, version);

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
