#!/usr/bin/env node
// Entry point of the `patience` command: runs the program and maps every kind of bad input to one line on
// stderr and exit code 2, and a file that could not be written once the work was done to one line and exit code
// 1, never a stack trace.

import { readFileSync } from 'node:fs';
import { CommanderError } from 'commander';
import { InputError } from '../core/errors.js';
import { WriteError } from './files.js';
import { buildProgram, ERROR_PREFIX } from './program.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// A reader that closes the pipe early (`patience list | head`) has what it wanted: stop quietly, with exit 0.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const exit = { code: 0 };
try {
  await buildProgram(version, exit).parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // commander has printed its message; help asked for and the version are not errors, but help shown for a
    // missing command (`patience` alone: commander.help with exit code 1, on stderr) is a usage error
    const asked =
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.version' ||
      (err.code === 'commander.help' && err.exitCode === 0);
    exit.code = asked ? 0 : 2;
  } else if (err instanceof InputError) {
    process.stderr.write(`${ERROR_PREFIX}${err.message}\n`);
    exit.code = 2;
  } else if (err instanceof WriteError) {
    process.stderr.write(`${ERROR_PREFIX}${err.message}\n`);
    exit.code = 1;
  } else {
    throw err;
  }
}
process.exitCode = exit.code;
