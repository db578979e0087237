// The program's own help: the text after the list of commands, and the `help [command]` command, ours rather than
// commander's so that help for a command that does not exist is one line, not the whole help on stderr.

import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { examples } from './options.js';

/** The text after the program's list of commands; `prefix` starts every error line. */
export function programHelp(prefix: string): string {
  return [
    '',
    '`patience` alone prints this help on stderr with exit code 2; bad input of any kind is one line on stderr',
    `starting '${prefix.trim()}', with exit code 2. Each command's --help ends with examples.`,
    examples(
      'patience list',
      'patience simulate --game shah --deals 2000 --seed 2026',
      'patience replay --game shah --seed 2026 --deal 422',
      'patience simulate --help',
    ),
  ].join('\n');
}

/** Add `help [command]` (add it last: it names the commands before it); a command that does not exist is an InputError.
 * */
export function addHelpCommand(program: Command): void {
  program.helpCommand(false);
  program
    .command('help')
    .description('display help for a command')
    .argument('[command]', 'the command')
    .action((name?: string) => {
      if (name === undefined) program.help();
      const command = program.commands.find((c) => c.name() === name);
      if (command === undefined)
        throw new InputError(
          `unknown command '${name}' (the commands: ${program.commands.map((c) => c.name()).join(', ')})`,
        );
      command.help();
    });
}
